"""The release number, kept here only: the package metadata (pyproject.toml reads it), ``depyf.__version__``
and ``depyf --version`` all come from this line."""

__version__ = "0.21.0"
