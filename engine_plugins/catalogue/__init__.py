"""The detector catalogue: rule files (``*.yaml``) and the checks their rules name."""
