"""``python -m depyf``: the command line."""

from depyf.cli import main

raise SystemExit(main())
