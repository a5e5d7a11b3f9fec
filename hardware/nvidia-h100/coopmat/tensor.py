"""Decode the tensor-addressing runs and compare each element with the seeds' pseudocode
(tensor_oracle.py).

Load runs: the dumped matrix element v is ('src', v) for an integer v (src[BASE + k] = k), ('clamp',)
for the clamp value, ('object',) for the matrix's value before the load (-0.5; -5 in the first run,
whose clipped cases are ambiguous with src[-5] and were run again). Store runs: dst[BASE + k] was
written with element (v // 16, v % 16) where it no longer holds the sentinel.
"""

from __future__ import annotations

import numpy as np
import tensor_oracle
from components import COMPONENTS
from rundump import Dump

FIRST_RUN_OBJECT_VALUE = -5.0     # the first device run's module filled the matrix with -5 before a load


def clamp_value(meta: dict) -> float:
    bits = meta["clamp_value"]
    if meta["component"] == "f16":
        return float(np.array([bits & 0xFFFF], np.uint16).view(np.float16)[0])
    return float(np.array([bits], np.uint32).view(np.float32)[0])


def observed_load(dump: Dump, name: str) -> list[list[tuple]]:
    meta = dump.runs[name]
    values = dump.array(name, 2, COMPONENTS[meta["component"]].dtype).astype(np.float64).reshape(16, 16)
    clamp = clamp_value(meta)
    untouched = meta.get("object_value", FIRST_RUN_OBJECT_VALUE)
    out = []
    for row in values:
        decoded = []
        for v in row:
            if v == untouched:
                decoded.append(("object",))
            elif v == clamp:
                decoded.append(("clamp",))
            elif np.isfinite(v) and v == np.floor(v):
                decoded.append(("src", int(v)))
            else:
                decoded.append(("value", float(v)))
        out.append(decoded)
    return out


def observed_store(dump: Dump, name: str) -> tuple[list[list[tuple]], list[int]]:
    """Per matrix element where it landed (('dst', k) or ('discard',)); and dst indices written twice
    or with a value that is no element."""
    meta = dump.runs[name]
    dst = dump.array(name, 1, COMPONENTS[meta["component"]].dtype).astype(np.float64)
    guard = meta["guard"]
    landed: dict[int, list[int]] = {}
    strange = []
    for position in np.nonzero(dst != meta["dst_sentinel"])[0]:
        v = dst[position]
        if v == np.floor(v) and 0 <= v < 256:
            landed.setdefault(int(v), []).append(int(position) - guard)
        else:
            strange.append(int(position) - guard)
    out = []
    for r in range(16):
        row = []
        for c in range(16):
            places = landed.get(16 * r + c, [])
            row.append(("dst", places[0]) if len(places) == 1 else ("discard",) if not places else ("dst*", places))
        out.append(row)
    return out, strange


def describe(dump: Dump, name: str) -> dict:
    meta = dump.runs[name]
    case = {key: meta[key] for key in ("rank", "dims", "offsets", "spans", "store", "clip", "second_offsets", "clamp")}
    expected = tensor_oracle.expected(case)
    strange: list[int] = []
    observed, strange = observed_store(dump, name) if meta["store"] else (observed_load(dump, name), [])
    same = undefined = differ = 0
    differences = []
    for r in range(16):
        for c in range(16):
            e, o = tuple(expected[r][c]), tuple(observed[r][c])
            if e == ("undefined",):
                undefined += 1
            elif e == o:
                same += 1
            else:
                differ += 1
                if len(differences) < 32:
                    differences.append({"row": r, "col": c, "spec": list(e), "gpu": list(o)})
    return {"run": name, "case": {**case, "component": meta["component"], "use": meta["use"]}, "same": same,
            "differ": differ, "spec_undefined": undefined, "differences": differences, "stray_writes": strange,
            "observed": [[list(x) for x in row] for row in observed]}


def analyse(dump: Dump) -> list[dict]:
    return [describe(dump, name) for name in dump.ran("tensor")]


def status(dump: Dump) -> list[dict]:
    """Every tensor run's fate (the risky ones may have faulted)."""
    return [{"run": name, "state": dump.status(name).state, "detail": dump.status(name).detail}
            for name, meta in dump.runs.items() if meta["kind"] == "tensor"]
