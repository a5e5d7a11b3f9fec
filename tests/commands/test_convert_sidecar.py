"""Optimal-layout bytes come back in only as what they are: the sidecar's profile, type, shape and checksum."""

from __future__ import annotations

import json

import numpy as np
import pytest

from tests.commands.convert_helpers import one_line_error

BACK = ("--from-type", "FLOAT16", "--from-layout", "MUL_OPTIMAL", "--to-type", "FLOAT32", "--to-layout", "ROW_MAJOR")


@pytest.fixture
def optimal(convert, weights, tmp_path):
    """weights.npy converted to FP16 MUL_OPTIMAL on `profile`: returns a function of the profile."""

    def write(profile: str = "reference"):
        out = tmp_path / f"w_{profile}.bin"
        code, _, _ = convert(weights, "--from-type", "FLOAT32", "--to-type", "FLOAT16", "--to-layout", "MUL_OPTIMAL",
                             "--profile", profile, "--out", out)
        assert code == 0
        return out

    return write


def test_optimal_bytes_come_back_with_the_shape_from_their_sidecar(convert, optimal, weights, tmp_path):
    back = tmp_path / "back.npy"
    code, out, _ = convert(optimal(), *BACK, "--out", back)
    assert code == 0 and "20 x 12 FLOAT16 MUL_OPTIMAL" in out
    assert np.array_equal(np.load(back), np.load(weights).astype(np.float16).astype(np.float32))


def test_another_profiles_bytes_are_refused_naming_both_profiles(convert, optimal):
    line = one_line_error(*convert(optimal("nvidia-h100"), *BACK, "--profile", "reference"))
    assert ("its sidecar w_nvidia-h100.bin.meta.json says these MUL_OPTIMAL bytes were written for profile "
            "'nvidia-h100', but --profile is 'reference'") in line and "read them with --profile nvidia-h100" in line


def test_the_same_profile_reads_its_own_bytes_bit_exactly(convert, optimal):
    code, out, _ = convert(optimal("nvidia-h100"), "--from-type", "FLOAT16", "--from-layout", "MUL_OPTIMAL",
                           "--to-type", "FLOAT16", "--to-layout", "ROW_MAJOR", "--profile", "nvidia-h100")
    assert code == 0 and "bit-exact" in out


def test_optimal_bytes_without_a_sidecar_need_the_flag(convert, optimal):
    data = optimal()
    data.with_name(data.name + ".meta.json").unlink()
    line = one_line_error(*convert(data, "--rows", 20, "--cols", 12, *BACK))
    assert "MUL_OPTIMAL bytes need the sidecar w_reference.bin.meta.json" in line
    assert "--allow-missing-sidecar" in line
    code, out, _ = convert(data, "--rows", 20, "--cols", 12, *BACK, "--allow-missing-sidecar")
    assert code == 0 and "quantisation: max abs error 0," in out


@pytest.mark.parametrize("args, message", [
    (("--from-type", "E4M3", "--from-layout", "MUL_OPTIMAL"), "says type FLOAT16, not --from-type E4M3"),
    (("--from-type", "FLOAT16", "--from-layout", "OUTER_PRODUCT_OPTIMAL"),
     "says layout MUL_OPTIMAL, not --from-layout OUTER_PRODUCT_OPTIMAL"),
    (("--from-type", "FLOAT16", "--from-layout", "MUL_OPTIMAL", "--rows", 12, "--cols", 20), "says rows 20, not --rows 12"),
])
def test_a_request_that_reads_the_bytes_as_something_else_is_refused(convert, optimal, args, message):
    assert message in one_line_error(*convert(optimal(), *args, "--to-type", "FLOAT32", "--to-layout", "ROW_MAJOR"))


def test_bytes_changed_after_writing_are_refused(convert, optimal):
    data = optimal()
    contents = bytearray(data.read_bytes())
    contents[5] ^= 0x40
    data.write_bytes(bytes(contents))
    line = one_line_error(*convert(data, *BACK))
    assert "says sha256" in line and "changed since dxlinalg wrote it" in line
    data.write_bytes(bytes(contents) + bytes(16))
    line = one_line_error(*convert(data, *BACK))
    assert "has 784 bytes, but a 20 x 12 FLOAT16 MUL_OPTIMAL matrix on profile reference takes 768" in line


@pytest.mark.parametrize("text, message", [
    ("{not json", "is not a dxlinalg convert sidecar"),
    (json.dumps({"format": "something else"}), "format"),
])
def test_a_broken_sidecar_is_named(convert, optimal, text, message):
    data = optimal()
    data.with_name(data.name + ".meta.json").write_text(text)
    line = one_line_error(*convert(data, *BACK))
    assert "sidecar " in line and "w_reference.bin.meta.json" in line and message in line


def test_a_strided_raw_file_needs_no_sidecar_but_is_checked_against_one(convert, weights, tmp_path):
    raw = tmp_path / "rows.bin"
    np.load(weights).tofile(raw)
    code, out, _ = convert(raw, "--rows", 20, "--cols", 12, "--from-type", "FLOAT32", "--to-type", "FLOAT16",
                           "--to-layout", "ROW_MAJOR", "--out", tmp_path / "rows16.bin")
    assert code == 0
    code, out, _ = convert(tmp_path / "rows16.bin", "--from-type", "FLOAT16", "--to-type", "FLOAT16",
                           "--to-layout", "COLUMN_MAJOR")
    assert code == 0 and "20 x 12 FLOAT16 ROW_MAJOR, stride 32" in out and "bit-exact" in out
    assert "says stride 32, not --stride 24" in one_line_error(*convert(
        tmp_path / "rows16.bin", "--stride", 24, "--from-type", "FLOAT16", "--to-type", "FLOAT16",
        "--to-layout", "COLUMN_MAJOR"))
