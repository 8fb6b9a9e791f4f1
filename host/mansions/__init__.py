"""Mansions of Madness (first edition)'s host side: the `eldritch mansions` commands."""
