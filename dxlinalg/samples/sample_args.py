"""The argparse types the sample scripts share: a bad command line ends in an argparse error (usage,
one line naming the option and the rule, exit status 2), never in a traceback from deep inside a run."""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from pathlib import Path

from dxlinalg.errors import DxLinalgError
from dxlinalg.profile.registry import load_profile

# ASCII only, as the console script reads numbers (dxlinalg.commands.arguments): Python's int() and float()
# also take other scripts' digits ('٣' is 3), which a shell user never means.
_ASCII_INTEGER = re.compile(r"\s*[+-]?[0-9]+\s*")
_ASCII_FLOAT = re.compile(r"\s*[+-]?(([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?|inf|infinity|nan)\s*", re.IGNORECASE)


def int_in(low: int, high: int) -> Callable[[str], int]:
    """An integer in [low, high]: what a size, a count or a step number may be."""

    def parse(text: str) -> int:
        if not _ASCII_INTEGER.fullmatch(text):
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer written with the digits 0-9")
        value = int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not in [{low}, {high}]")
        return value

    parse.__name__ = "integer"  # argparse names the type in its own messages
    return parse


def positive_float(text: str) -> float:
    """A finite number above 0 (a learning rate)."""
    if not _ASCII_FLOAT.fullmatch(text):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number written with the digits 0-9")
    value = float(text)
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"{text!r} must be a finite number above 0")
    return value


def profile(text: str) -> str:
    """A built-in profile name or a profile JSON file that loads; the text is passed on unchanged."""
    try:
        load_profile(text)
    except (DxLinalgError, ValueError, OSError) as error:
        raise argparse.ArgumentTypeError(" ".join(str(error).split())) from None
    return text


def output_folder(text: str) -> str:
    """A folder to write images into: created when missing, so it must not be a file."""
    if not text:
        raise argparse.ArgumentTypeError("the folder name is empty")
    if Path(text).exists() and not Path(text).is_dir():
        raise argparse.ArgumentTypeError(f"{text!r} exists and is not a folder")
    return text
