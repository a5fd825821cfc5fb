"""Built-in plugins of engine-pack, registered through the ``engine_pack`` entry points."""
