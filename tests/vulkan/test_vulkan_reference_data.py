"""The reference files rebuilt from tests/data are the NVIDIA H100 outputs, byte for byte (their SHA-256)."""

from __future__ import annotations

from vulkan_reference import (
    checksums,
    conversion_dumps,
    conversions_log,
    layouts,
    properties_txt,
    sha256,
    sizes_tsv,
)


def rebuilt_reference() -> dict[str, bytes]:
    tsv, blob = layouts()
    files = {"properties.txt": properties_txt().encode(), "sizes.tsv": sizes_tsv().encode(),
             "layouts.tsv": tsv.encode(), "layouts.bin": blob, "conversions/log.txt": conversions_log().encode()}
    files.update({f"conversions/{name}": data for name, data in conversion_dumps().items()})
    return files


def test_every_reference_file_is_rebuilt_from_the_stored_data() -> None:
    assert sorted(rebuilt_reference()) == sorted(checksums())


def test_every_rebuilt_file_has_the_reference_checksum() -> None:
    files = rebuilt_reference()
    wrong = [name for name, digest in checksums().items() if sha256(files[name]) != digest]
    assert not wrong, f"rebuilt files differ from the reference: {wrong}"
