# `import a.b.c as d`: one IMPORT_FROM per name after the first, the module
# dropped between them (ROT_TWO/SWAP 2; POP_TOP).
import os.path as osp
import email.mime.text as mime_text
import xml.etree.ElementTree as ET
from email.mime import text

names = osp, mime_text, ET, text
