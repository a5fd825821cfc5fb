"""engine-pack HTTP service (FastAPI)."""
