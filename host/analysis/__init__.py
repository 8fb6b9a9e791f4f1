"""Analysis at scale: simulations, sweeps over grids of settings, odds atlases, charts and
statistics."""
