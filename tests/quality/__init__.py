"""Detection quality of the built-in data-protection pack."""
