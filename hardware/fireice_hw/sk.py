"""Import SKiDL quietly and without side effects.

SKiDL opens log files named after the running script in the current directory
as soon as it is imported, and prints warnings about missing KiCad libraries
(this project defines every part itself and needs no KiCad installation).
Here it is imported inside a throw-away directory, its file output is switched
off, and everything its loggers say is collected in MESSAGES so that the build
can report it and count it.

SKiDL also records, for every part and net it makes, the call stack that made
it (inspect.stack(), which reads the source file of every frame): two thirds
of a build's time. That trace goes only into a netlist written with track_src,
and ours are written without it (fireice_hw.netlist), so it is not taken.
"""

import contextlib
import io
import logging
import os
import tempfile

MESSAGES = []  # (logger name, level name, message) since the last clear()


class _Collector(logging.Handler):
    def emit(self, record):
        MESSAGES.append((record.name, record.levelname, record.getMessage()))


def _load():
    cwd = os.getcwd()
    with tempfile.TemporaryDirectory() as tmp:
        os.chdir(tmp)
        try:
            with contextlib.redirect_stderr(io.StringIO()):
                import skidl
                from skidl import logger as sklog

                sklog.stop_log_file_output(True)
        finally:
            os.chdir(cwd)
    for lg in (sklog.rt_logger, sklog.erc_logger):
        for h in list(lg.handlers):
            if isinstance(h, logging.StreamHandler):
                lg.removeHandler(h)
        lg.addHandler(_Collector(level=logging.INFO))
    skidl.circuit.get_skidl_trace = _no_trace
    skidl.node.get_skidl_trace = _no_trace
    return skidl


def _no_trace():
    return []


skidl = _load()


def clear():
    del MESSAGES[:]


def counts():
    """(errors, warnings) SKiDL's ERC logger has counted since its last reset."""
    lg = skidl.erc_logger
    return lg.error.count, lg.warning.count
