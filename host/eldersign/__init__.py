"""Elder Sign's host side: the terminal game (play, session, screen), its advisor, saves, log and simulator."""
