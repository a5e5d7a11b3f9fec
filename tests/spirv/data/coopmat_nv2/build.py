"""Rebuild the misuse modules of this folder (rejection tests of the SPV_NV_cooperative_matrix2 instructions).

They come from GLSL through the glslang of dxlinalg/samples/spirv/build.py and pass spirv-val, which does not check
the rules they break (those are the executor's to report). CI uses the committed .spv files.

    python tests/spirv/data/coopmat_nv2/build.py
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[3] / "dxlinalg" / "samples" / "spirv"))

import build  # dxlinalg/samples/spirv/build.py, found through the path above

MODULES = ("tangled_combine", "divergent_reduce", "input_in_combine")


def main() -> int:
    for name in MODULES:
        module = build.Module(f"{name}.spv", f"{name}.comp", "glslang")
        target = HERE / module.output
        target.write_bytes(build.compile_glslang(module, HERE / module.source))
        build.validate(target)
        print(f"  {module.output} <- {module.source}, valid")
    return 0


if __name__ == "__main__":
    sys.exit(main())
