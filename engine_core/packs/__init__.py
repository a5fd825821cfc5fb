"""Playbooks, the compiler and the sealed-pack container."""
