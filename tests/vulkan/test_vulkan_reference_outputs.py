"""The C probes that measured the NVIDIA H100 (ported in vulkan_probes.py), run on the `nvidia-h100` profile,
print and write exactly what the real driver made them print and write.

Every entry of the reference is compared: properties.txt (the lines the mock answers: the device line, the
extensions, the property list), sizes.tsv, layouts.tsv and each layouts.bin entry, every conversions/*.bin and
conversions/log.txt. The reference itself comes from tests/data (vulkan_reference.py; its checksums are tested
in test_vulkan_reference_data.py).
"""

from __future__ import annotations

import re
from functools import cache

import pytest
from vulkan_probes import LAYOUT_DIMS, vkconv, vklayouts, vkopt8, vkprobe
from vulkan_reference import (
    conversion_dumps,
    conversions_log,
    layouts,
    properties_txt,
    sizes_tsv,
)

SIZE_LINE = re.compile(r"size type=(\S+) layout=(\S+) rows=(\S+) cols=(\S+) -> r=(\S+) dst=(\S+)$")


@cache
def probe_output() -> tuple[list[str], dict[str, bytes]]:
    return vkprobe("nvidia-h100")


def properties_from(lines: list[str]) -> str:
    """properties.txt from vkprobe's output: '# ' + the device line and each extension line, then the props."""
    kept = []
    for line in lines:
        if line.startswith("device "):
            kept.append(f"# {line}")
        elif line.startswith("  VK_"):
            kept.append(f"# {line.strip()}")
        elif line.startswith("  prop "):
            kept.append(line.strip())
    return "\n".join(kept) + "\n"


def sizes_from(lines: list[str]) -> str:
    """sizes.tsv from vkprobe's `size ...` lines."""
    rows = ["vk_component_type\tvk_layout\trows\tcols\tresult\tdst_size_bytes"]
    rows += ["\t".join(match.groups()) for match in map(SIZE_LINE.match, lines) if match]
    return "\n".join(rows) + "\n"


def first_difference(got: str, want: str) -> str:
    for number, (a, b) in enumerate(zip(got.splitlines(), want.splitlines()), 1):
        if a != b:
            return f"line {number}: got {a!r}, want {b!r}"
    return f"{len(got.splitlines())} lines, want {len(want.splitlines())}"


def test_vkprobe_prints_the_reference_properties_txt() -> None:
    got = properties_from(probe_output()[0])
    assert got == properties_txt(), first_difference(got, properties_txt())


def test_vkprobe_prints_the_reference_sizes_tsv() -> None:
    got = sizes_from(probe_output()[0])
    assert got == sizes_tsv(), first_difference(got, sizes_tsv())


def test_vkprobe_layout_probes_match_layouts_bin_where_the_shape_was_measured() -> None:
    tsv, blob = layouts()
    entries = {name: (int(offset), int(size)) for name, offset, size, _ in
               (line.split("\t") for line in tsv.splitlines()[1:])}
    compared = 0
    for name, data in probe_output()[1].items():
        rows, cols = (int(n) for n in name.removesuffix(".bin").split("_")[-1].split("x"))
        if rows in LAYOUT_DIMS and cols in LAYOUT_DIMS:
            offset, size = entries[name.removesuffix(".bin")]
            assert data == blob[offset:offset + size], name
            compared += 1
    assert compared == 2 * 3 * 9  # 9 of vkprobe's 11 shapes (not 48x80, 100x36) have both dimensions in layouts.bin


def test_vklayouts_writes_the_reference_layouts_tsv_and_every_layouts_bin_entry() -> None:
    got_tsv, got_blob = vklayouts("nvidia-h100")
    want_tsv, want_blob = layouts()
    assert got_tsv == want_tsv, first_difference(got_tsv, want_tsv)
    wrong = []
    for line in want_tsv.splitlines()[1:]:
        name, offset, size, _ = line.split("\t")
        start, end = int(offset), int(offset) + int(size)
        if got_blob[start:end] != want_blob[start:end]:
            wrong.append(name)
    assert not wrong, f"{len(wrong)} of {len(want_tsv.splitlines()) - 1} entries differ: {wrong[:10]}"
    assert len(got_blob) == len(want_blob)


def test_vkconv_prints_the_reference_log_and_writes_every_dump() -> None:
    lines, files = vkconv("nvidia-h100")
    got = "\n".join(lines) + "\n"
    assert got == conversions_log(), first_difference(got, conversions_log())
    reference = conversion_dumps()
    dumps = [name for name in reference if name.startswith("from_")]
    assert len(dumps) == 60
    wrong = [name for name in dumps if files[name] != reference[name]]
    assert not wrong, f"dumps differ: {wrong}"


def test_vkopt8_writes_every_reference_dump() -> None:
    files = vkopt8("nvidia-h100")
    reference = conversion_dumps()
    assert sorted(files) == sorted(name for name in reference if name.startswith("opt8_"))
    wrong = [name for name in files if files[name] != reference[name]]
    assert not wrong, f"dumps differ: {wrong}"


@pytest.mark.parametrize("profile, device_result", [("reference", 0), ("adversarial", 0), ("minimal", -8)])
def test_vkprobe_on_the_other_shipped_profiles(profile: str, device_result: int) -> None:
    """`minimal` is tier 1_0 (no training), so the probe's device, which asks for cooperativeVectorTraining,
    fails with VK_ERROR_FEATURE_NOT_PRESENT, as a real driver without the feature would."""
    lines, _ = vkprobe(profile, dims=(1, 16), types=(0, 1), shapes=((16, 16),))
    assert sum(line.startswith("  prop ") for line in lines) >= 6
    assert f"vkCreateDevice: {device_result}" in lines
