"""Writes each *.in.json's AutoGen dump beside it as *.autogen.json.

Run with the reference kit (shared/reference), whose autogen_env puts AutoGen 0.7.5 on sys.path:
    AUTOGEN_REF=/tmp/autogen-ref python3 make_golden.py /path/to/shared/reference
A chat message or event is read with MessageFactory().create and written with model_dump_json(); a
component with load_component and dump_component().model_dump_json(). Both keep a dict's key order.
"""
import glob
import json
import os
import sys

sys.path.insert(0, sys.argv[1])
import autogen_env  # noqa: E402,F401

from autogen_agentchat.messages import MessageFactory  # noqa: E402
from autogen_core import ComponentLoader  # noqa: E402

here = os.path.dirname(os.path.abspath(__file__))
for path in sorted(glob.glob(os.path.join(here, "*.in.json"))):
    doc = json.load(open(path))
    if "provider" in doc:
        out = ComponentLoader.load_component(doc).dump_component().model_dump_json()
    else:
        out = MessageFactory().create(doc).model_dump_json()
    with open(path[: -len(".in.json")] + ".autogen.json", "w") as f:
        f.write(out + "\n")
