"""`depyf report DUMP_DIR`: one static HTML report of everything a prepare_debug dump holds.

Needs Jinja2 and Pygments (``pip install 'depyf[report]'``); nothing else, and
the pages open from disk with no server and no network.
"""

from depyf.report.pages import write_report

__all__ = ["write_report"]
