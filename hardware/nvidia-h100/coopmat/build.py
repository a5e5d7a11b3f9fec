"""Compile every module the runs name with the glslang of dxlinalg/samples/spirv/build.py (the slangpy
wheel's), validate each with spirv-val, and write OUT/*.spv plus OUT/modules.json (sha256 of
source text and binary, compiler versions).

    python build.py [OUT]          # default build/spv beside this file

The source a module compiles is: `#version` line, common.glsl, the type's extension (bfloat16),
the module's defines, then the probe shader's body.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
sys.path.insert(0, str(HERE))

from runs import Module, all_runs


def shader_build():
    """dxlinalg/samples/spirv/build.py as a module (it is a script, not a package member)."""
    spec = importlib.util.spec_from_file_location("spirv_build", REPO / "dxlinalg" / "samples" / "spirv" / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def module_source(module: Module) -> str:
    text = (HERE / module.source).read_text()
    version, _, body = text.partition("\n")
    lines = [version, (HERE / "common.glsl").read_text().rstrip("\n")]
    if module.extension:
        lines.append(f"#extension {module.extension} : enable")
    lines += [f"#define {name} {value}" for name, value in module.defines]
    return "\n".join(lines + [body])


def modules() -> dict[str, Module]:
    found: dict[str, Module] = {}
    for run in all_runs(1) + all_runs(2):
        known = found.setdefault(run.module.name, run.module)
        if known != run.module:
            raise SystemExit(f"two different modules named {run.module.name}")
    return found


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else HERE / "build" / "spv"
    (out / "src").mkdir(parents=True, exist_ok=True)
    build = shader_build()
    hashes = {}
    for name, module in sorted(modules().items()):
        text = module_source(module)
        source = out / "src" / f"{name}.comp"
        source.write_text(text)
        binary = build.compile_glslang(build.Module(f"{name}.spv", source.name, "glslang"), source)
        target = out / f"{name}.spv"
        target.write_bytes(binary)
        build.validate(target)
        hashes[target.name] = {"sha256": hashlib.sha256(binary).hexdigest(),
                               "source_sha256": hashlib.sha256(text.encode()).hexdigest()}
    (out / "modules.json").write_text(json.dumps({"compilers": build.compiler_versions(), "modules": hashes},
                                                 indent=1, sort_keys=True) + "\n")
    print(f"compiled and validated {len(hashes)} modules into {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
