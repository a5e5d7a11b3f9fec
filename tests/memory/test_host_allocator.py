"""retain_freed_memory: tunes glibc's malloc on Linux, changes nothing elsewhere."""

from __future__ import annotations

import platform
import sys

import pytest

from dxlinalg.memory import host_allocator


@pytest.mark.skipif(not sys.platform.startswith("linux") or platform.libc_ver()[0] != "glibc",
                    reason="glibc only")
def test_glibc_accepts_both_thresholds():
    assert host_allocator.retain_freed_memory() is True


def test_other_platforms_are_left_alone(monkeypatch):
    monkeypatch.setattr(host_allocator.sys, "platform", "darwin")
    assert host_allocator.retain_freed_memory() is False
