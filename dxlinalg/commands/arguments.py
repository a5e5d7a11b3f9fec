"""How the console script reads its arguments: one-line errors, ASCII-only numbers, paths checked for their kind.

Python's `int()` and `str.isdigit()` accept far more than `0-9` (`int('٣')` is 3, `'²'.isdigit()` is
True but `int('²')` raises), so every number the command line gives is matched against ASCII digits
first: what a shell user typed is either the number it looks like in ASCII or an error.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NoReturn

from dxlinalg.errors import InvalidArgumentError

_ASCII_INTEGER = re.compile(r"[+-]?[0-9]+")
_ASCII_NATURAL = re.compile(r"[0-9]+")


class OneLineArgumentParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr, `PROG: error: MESSAGE (see PROG --help)`, exit code 2.

    Subcommand parsers are created from their parent's class, so every `dxlinalg COMMAND` reads the same.
    """

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {' '.join(message.split())} (see {self.prog} --help)\n")


def parse_ascii_int(text: str, what: str, *, signed: bool = False) -> int:
    """`text` as a decimal integer written with ASCII digits only (and a sign if `signed`)."""
    pattern = _ASCII_INTEGER if signed else _ASCII_NATURAL
    if not isinstance(text, str) or not pattern.fullmatch(text.strip()):
        kind = "an integer" if signed else "a non-negative integer"
        raise InvalidArgumentError(f"{what} {text!r} is not {kind} written with the digits 0-9")
    return int(text.strip())


def ascii_int(text: str) -> int:
    """argparse `type=`: an integer of ASCII digits (with an optional sign); argparse words the error."""
    try:
        return parse_ascii_int(text, "value", signed=True)
    except InvalidArgumentError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer written with the digits 0-9") from None


def input_file(path: Path, what: str) -> Path:
    """`path` names an existing regular file; a directory or a missing path is said as such."""
    if path.is_dir():
        raise InvalidArgumentError(f"{what}: {str(path)!r} is a directory, not a file")
    if not path.exists():
        raise InvalidArgumentError(f"{what}: file {str(path)!r} does not exist")
    if not path.is_file():
        raise InvalidArgumentError(f"{what}: {str(path)!r} is not a regular file")
    return path


def exit_code_for_interrupt(error: BaseException) -> int:
    """The shell's codes for a run cut short: 130 (128 + SIGINT) for Ctrl-C, 141 (128 + SIGPIPE) for a reader
    that closed the pipe (`dxlinalg demo | head -1`). Output still buffered for the closed pipe is dropped,
    so the interpreter's exit does not report it a second time."""
    if isinstance(error, BrokenPipeError):
        _silence_stdout()
        return 141
    return 130


def _silence_stdout() -> None:
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):      # stdout is not a real file (a test's capture): nothing to silence
        pass
