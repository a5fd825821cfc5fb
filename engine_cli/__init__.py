"""engine-pack command line programs."""
