"""Version constants."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("engine-pack")
except PackageNotFoundError:  # running from a source tree without installing
    __version__ = "1.1.0"

#: The runtime (engine semantics) version; 0.3.0 is 0.2.1 with every fail-open path closed.
RUNTIME_VERSION = "0.3.0"
SERVICE_VERSION = "1.1.0"
