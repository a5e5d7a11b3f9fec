"""The metadata file `dxlinalg convert` writes beside every raw output, and checks on the way back in.

Optimal-layout bytes are opaque: the same bytes mean different matrices on different profiles
(or nothing at all), and nothing in them says which. The sidecar `OUT.meta.json` records what
the bytes are (profile, type, layout, shape, stride, DestSize) and a SHA-256 of them, so that
reading them back with another profile, another type or shape, or after they changed, is
refused instead of converting garbage into a "bit-exact" report.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from dxlinalg.errors import InvalidArgumentError

SIDECAR_SUFFIX = ".meta.json"
FORMAT = "dxlinalg convert output"


def sidecar_path(path: Path) -> Path:
    """`weights.bin` -> `weights.bin.meta.json`, beside it."""
    return path.with_name(path.name + SIDECAR_SUFFIX)


class MatrixSidecar(BaseModel):
    """What a raw matrix file holds. Field names are the D3D12 ones where D3D12 has one."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["dxlinalg convert output"] = FORMAT
    version: Literal[1] = 1
    profile: str = Field(min_length=1)
    type: str = Field(min_length=1)          # D3D12_LINEAR_ALGEBRA_DATATYPE short name
    layout: str = Field(min_length=1)        # D3D12_LINEAR_ALGEBRA_MATRIX_LAYOUT short name
    rows: int = Field(ge=1)
    cols: int = Field(ge=1)
    stride: int = Field(ge=0)                # 0 for optimal layouts
    DestSize: int = Field(ge=1)              # the file's length in bytes
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")

    def to_json(self) -> bytes:
        return (json.dumps(self.model_dump(), indent=2) + "\n").encode()


def read_sidecar(data_path: Path) -> MatrixSidecar | None:
    """The sidecar of `data_path`, None if there is none; a broken one is an error naming it."""
    path = sidecar_path(data_path)
    if not path.exists():
        return None
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise InvalidArgumentError(f"sidecar {path} cannot be read ({getattr(error, 'strerror', None) or error})"
                                   ) from None
    try:
        return MatrixSidecar.model_validate_json(text)
    except ValidationError as error:
        problem = error.errors()[0]
        where = ".".join(map(str, problem["loc"])) or "(file)"
        raise InvalidArgumentError(f"sidecar {path} is not a dxlinalg convert sidecar: {where}: {problem['msg']}; "
                                   f"delete it if {data_path.name} is not dxlinalg's output") from None


def check_request(sidecar: MatrixSidecar, data_path: Path, profile: str, type_name: str, layout: str,
                  optimal: bool, rows: int | None, cols: int | None, stride: int | None) -> None:
    """The request must read the bytes as what they are; the first disagreement is the error.

    The profile matters only for optimal layouts: row/column-major bytes mean the same everywhere.
    """
    where = f"input {data_path}: its sidecar {sidecar_path(data_path).name} says"
    if optimal and sidecar.profile.casefold() != profile.casefold():
        raise InvalidArgumentError(
            f"{where} these {sidecar.layout} bytes were written for profile '{sidecar.profile}', but --profile is "
            f"'{profile}'; optimal layouts differ between profiles, so read them with --profile {sidecar.profile}")
    for field, argument, wanted, recorded in (("type", "--from-type", type_name, sidecar.type),
                                              ("layout", "--from-layout", layout, sidecar.layout),
                                              ("rows", "--rows", rows, sidecar.rows),
                                              ("cols", "--cols", cols, sidecar.cols),
                                              ("stride", "--stride", stride, None if optimal else sidecar.stride)):
        if wanted is not None and recorded is not None and wanted != recorded:
            raise InvalidArgumentError(f"{where} {field} {recorded}, not {argument} {wanted}")


def check_contents(sidecar: MatrixSidecar, data_path: Path, size: int, sha256: str | None) -> None:
    """The file is the one the sidecar describes: its length, and (once read) its checksum."""
    where = f"input {data_path}: its sidecar {sidecar_path(data_path).name} says"
    if size != sidecar.DestSize:
        raise InvalidArgumentError(f"{where} DestSize {sidecar.DestSize} bytes, but the file has {size}; it "
                                   f"changed since dxlinalg wrote it")
    if sha256 is not None and sha256 != sidecar.sha256:
        raise InvalidArgumentError(f"{where} sha256 {sidecar.sha256[:16]}..., but the file's is {sha256[:16]}...; "
                                   f"it changed since dxlinalg wrote it")
