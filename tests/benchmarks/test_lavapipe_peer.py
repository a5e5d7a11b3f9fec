"""Mesa's lavapipe as a development peer: the L rows say why they are skipped without it, its apt state stays in
its cache folder, and, where a developer fetched it (`python -m benchmarks.lavapipe fetch`), plain SPIR-V
modules give the same words on it as on dxlinalg (skipped elsewhere: CI needs nothing of it)."""

from __future__ import annotations

import struct

import numpy as np
import pytest

from benchmarks.__main__ import run_workload
from benchmarks.lavapipe import CACHE_VARIABLE, Lavapipe, _apt_options, cache_folder
from benchmarks.peer import SHADERS
from benchmarks.registry import WORKLOADS
from dxlinalg.spirv import run

L_ROWS = [workload for workload in WORKLOADS if workload.workload in ("L1", "L2", "L3")]


@pytest.mark.parametrize("workload", L_ROWS, ids=lambda w: w.workload)
def test_without_lavapipe_an_l_row_is_skipped_saying_so(workload, tmp_path, monkeypatch):
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "empty"))
    (row,) = run_workload(workload, quick=True)
    assert row["status"] == "skipped" and "lavapipe not installed" in row["reason"]
    assert "seconds" not in row and "ratio" not in row


def test_the_cache_folder_comes_from_the_argument_the_variable_or_build(tmp_path, monkeypatch):
    monkeypatch.delenv(CACHE_VARIABLE, raising=False)
    assert cache_folder().parts[-2:] == ("build", "lavapipe")
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "v"))
    assert cache_folder() == (tmp_path / "v").resolve()
    assert cache_folder(tmp_path / "a") == (tmp_path / "a").resolve()
    assert Lavapipe.find(tmp_path / "a") is None


def test_apt_keeps_its_lists_state_and_downloads_in_the_cache_folder(tmp_path):
    options = _apt_options(tmp_path)
    settings = dict(option.split("=", 1) for option in options[1::2])
    for key in ("Dir::State", "Dir::State::status", "Dir::Cache", "Dir::Etc::SourceList", "Dir::Etc::SourceParts",
                "Dir::Etc::Preferences", "Dir::Etc::PreferencesParts"):
        assert settings[key].startswith(str(tmp_path)), key
    assert settings["APT::Architectures"] == "amd64"


LAVAPIPE = Lavapipe.find()
needs_lavapipe = pytest.mark.skipif(LAVAPIPE is None, reason="lavapipe not fetched (python -m benchmarks.lavapipe fetch)")


@needs_lavapipe
def test_control_flow_gives_lavapipes_words():
    count = 1024
    values = np.random.default_rng(5).integers(0, 1 << 12, count, dtype=np.uint32)
    values[::97] = 0
    buffers = {(0, 0): values, (0, 1): np.zeros(5 * count, np.uint32)}
    push = struct.pack("<I", count)
    ours = run(SHADERS / "control_flow.spv", "main", (count // 64, 1, 1), buffers, push)
    theirs = LAVAPIPE.dispatch(SHADERS / "control_flow.spv", (count // 64, 1, 1), buffers, push, repeats=1)
    assert np.frombuffer(theirs.outputs[(0, 1)], np.uint32).tolist() == ours[(0, 1)].tolist()


@needs_lavapipe
def test_workgroup_reduce_gives_lavapipes_bits():
    count = 1000                                          # a partial last group: invocations past count add 0
    values = np.random.default_rng(6).standard_normal(count).astype(np.float32)
    groups = -(-count // 64)
    buffers = {(0, 0): values, (0, 1): np.zeros(2 * groups, np.uint32)}
    push = struct.pack("<I", count)
    ours = run(SHADERS / "workgroup_reduce.spv", "main", (groups, 1, 1), buffers, push)
    theirs = LAVAPIPE.dispatch(SHADERS / "workgroup_reduce.spv", (groups, 1, 1), buffers, push, repeats=1)
    assert np.frombuffer(theirs.outputs[(0, 1)], np.uint32).tolist() == ours[(0, 1)].tolist()
