"""The ``engine-authority`` program: run a license authority on this machine."""
