# 3.15 lazy imports (PEP 810).
lazy import os
lazy import os.path as osp
lazy import xml.dom.minidom
lazy from json import dumps, loads as json_loads
lazy from . import sibling
import sys


def uses():
    return os.sep, osp.join, dumps, json_loads, sys.path, xml.dom.minidom
