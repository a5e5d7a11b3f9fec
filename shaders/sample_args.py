"""The argparse types the sample scripts share: a bad command line ends in an argparse error (usage,
one line naming the option and the rule, exit status 2), never in a traceback from deep inside a run."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from pathlib import Path

from dxlinalg.errors import DxLinalgError
from dxlinalg.profile.registry import load_profile


def int_in(low: int, high: int) -> Callable[[str], int]:
    """An integer in [low, high]: what a size, a count or a step number may be."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not in [{low}, {high}]")
        return value

    parse.__name__ = "integer"  # argparse names the type in its own messages
    return parse


def positive_float(text: str) -> float:
    """A finite number above 0 (a learning rate)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
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
