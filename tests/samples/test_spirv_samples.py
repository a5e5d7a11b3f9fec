"""The committed SPIR-V samples: present, built from the committed sources, and declaring the
interface their header comments document (entry point, LocalSize, bindings, push constants,
specialization constants, the instructions they are there to exercise).

The modules are read here word by word, independently of the executor, so a wrong reader there
cannot hide a wrong sample here. Rebuilding needs the compilers (`dxlinalg/samples/spirv/build.py`); these
tests need none.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import struct
from dataclasses import dataclass, field
from pathlib import Path

import pytest

FOLDER = Path(__file__).resolve().parents[2] / "dxlinalg" / "samples" / "spirv"
SOURCE_SUFFIXES = (".comp", ".slang", ".spvasm")
MAGIC = 0x07230203
SPIRV_1_6 = 0x00010600

# opcodes, decorations and enumerants the reader needs (SPIR-V 1.6 unified, SPV_NV_cooperative_vector,
# the cooperative-matrix extensions)
OP_NAMES = {
    "OpEntryPoint": 15, "OpExecutionMode": 16, "OpTypeInt": 21, "OpTypeFloat": 22, "OpTypeVector": 23,
    "OpTypeArray": 28, "OpTypeRuntimeArray": 29, "OpTypeStruct": 30, "OpTypePointer": 32, "OpConstant": 43,
    "OpVariable": 59, "OpDecorate": 71, "OpMemberDecorate": 72, "OpPhi": 245, "OpLoopMerge": 246, "OpSwitch": 251,
    "OpControlBarrier": 224, "OpAtomicIAdd": 234, "OpAtomicCompareExchange": 230, "OpAtomicExchange": 229,
    "OpSpecConstantOp": 52, "OpGroupNonUniformIAdd": 349, "OpGroupNonUniformBallot": 339,
    "OpGroupNonUniformShuffleXor": 346, "OpConvertUToPtr": 120, "OpTypeCooperativeVectorNV": 5288,
    "OpCooperativeVectorMatrixMulNV": 5289, "OpCooperativeVectorOuterProductAccumulateNV": 5290,
    "OpCooperativeVectorReduceSumAccumulateNV": 5291, "OpCooperativeVectorMatrixMulAddNV": 5292,
    "OpCooperativeVectorLoadNV": 5302, "OpCooperativeVectorStoreNV": 5303,
    # SPV_KHR_cooperative_matrix, SPV_NV_cooperative_matrix2
    "OpCooperativeMatrixLoadKHR": 4457, "OpCooperativeMatrixStoreKHR": 4458, "OpCooperativeMatrixMulAddKHR": 4459,
    "OpCooperativeMatrixLengthKHR": 4460, "OpCooperativeMatrixConvertNV": 5293, "OpCooperativeMatrixReduceNV": 5366,
    "OpCooperativeMatrixLoadTensorNV": 5367, "OpCooperativeMatrixStoreTensorNV": 5368,
    "OpCooperativeMatrixPerElementOpNV": 5369, "OpCooperativeMatrixTransposeNV": 5390,
}
EXECUTION_MODEL_GLCOMPUTE = 5
EXECUTION_MODE_LOCAL_SIZE = 17
DECORATION_SPEC_ID, DECORATION_ARRAY_STRIDE, DECORATION_OFFSET = 1, 6, 35
DECORATION_BINDING, DECORATION_DESCRIPTOR_SET = 33, 34
STORAGE_PUSH_CONSTANT, STORAGE_PHYSICAL_STORAGE_BUFFER = 9, 5349


# --- a minimal reader of SPIR-V words --------------------------------------------------------------
@dataclass
class Module:
    """What the tests compare with the documentation, read from a module's words."""

    version: int
    opcodes: set[int] = field(default_factory=set)
    entry_points: dict[str, tuple[int, int]] = field(default_factory=dict)  # name -> (model, function id)
    local_size: dict[int, tuple[int, int, int]] = field(default_factory=dict)  # function id -> size
    bindings: set[tuple[int, int]] = field(default_factory=set)
    spec_ids: set[int] = field(default_factory=set)
    push_constant_sizes: list[int] = field(default_factory=list)


class SpirvFormatError(ValueError):
    """The bytes are not a well-formed SPIR-V module."""


def _string(words: list[int]) -> str:
    """A literal string: UTF-8 bytes, nul-terminated, padded to a word."""
    data = struct.pack(f"<{len(words)}I", *words)
    if b"\0" not in data:
        raise SpirvFormatError("literal string without its terminating nul")
    return data[: data.index(b"\0")].decode()


def read_module(data: bytes) -> Module:
    if len(data) < 20 or len(data) % 4:
        raise SpirvFormatError(f"{len(data)} bytes is not a whole header of 5 words and more")
    words = list(struct.unpack(f"<{len(data) // 4}I", data))
    if words[0] != MAGIC:
        raise SpirvFormatError(f"magic {words[0]:#010x}, expected {MAGIC:#010x}")
    module = Module(version=words[1])
    decorations: dict[int, dict[int, int]] = {}
    member_offsets: dict[int, dict[int, int]] = {}
    types: dict[int, tuple] = {}
    constants: dict[int, int] = {}
    variables: list[tuple[int, int, int]] = []  # (result id, pointer type, storage class)
    at = 5
    while at < len(words):
        count, opcode = words[at] >> 16, words[at] & 0xFFFF
        if count == 0 or at + count > len(words):
            raise SpirvFormatError(f"instruction at word {at} has word count {count}")
        operands = words[at + 1: at + count]
        module.opcodes.add(opcode)
        if opcode == OP_NAMES["OpEntryPoint"]:
            module.entry_points[_string(operands[2:])] = (operands[0], operands[1])
        elif opcode == OP_NAMES["OpExecutionMode"] and operands[1] == EXECUTION_MODE_LOCAL_SIZE:
            module.local_size[operands[0]] = tuple(operands[2:5])
        elif opcode == OP_NAMES["OpDecorate"] and len(operands) >= 3:
            decorations.setdefault(operands[0], {})[operands[1]] = operands[2]
        elif opcode == OP_NAMES["OpMemberDecorate"] and operands[2] == DECORATION_OFFSET:
            member_offsets.setdefault(operands[0], {})[operands[1]] = operands[3]
        elif opcode in (OP_NAMES["OpTypeInt"], OP_NAMES["OpTypeFloat"]):
            types[operands[0]] = ("scalar", operands[1] // 8)
        elif opcode == OP_NAMES["OpTypeVector"]:
            types[operands[0]] = ("vector", operands[1], operands[2])
        elif opcode == OP_NAMES["OpTypeArray"]:
            types[operands[0]] = ("array", operands[1], operands[2])
        elif opcode == OP_NAMES["OpTypeStruct"]:
            types[operands[0]] = ("struct", *operands[1:])
        elif opcode == OP_NAMES["OpTypePointer"]:
            types[operands[0]] = ("pointer", operands[1], operands[2])
        elif opcode == OP_NAMES["OpConstant"] and len(operands) == 3:
            constants[operands[1]] = operands[2]
        elif opcode == OP_NAMES["OpVariable"]:
            variables.append((operands[1], operands[0], operands[2]))
        at += count

    def size_of(type_id: int) -> int:
        kind, *rest = types[type_id]
        if kind == "scalar":
            return rest[0]
        if kind == "vector":
            return rest[1] * size_of(rest[0])
        if kind == "array":
            return constants[rest[1]] * decorations.get(type_id, {}).get(DECORATION_ARRAY_STRIDE, size_of(rest[0]))
        if kind == "pointer" and rest[0] == STORAGE_PHYSICAL_STORAGE_BUFFER:
            return 8
        if kind == "struct":
            offsets = member_offsets.get(type_id, {})
            return max(offsets[index] + size_of(member) for index, member in enumerate(rest))
        raise SpirvFormatError(f"no size for type %{type_id} ({kind})")

    for variable, pointer, storage in variables:
        decorated = decorations.get(variable, {})
        if DECORATION_BINDING in decorated:
            module.bindings.add((decorated.get(DECORATION_DESCRIPTOR_SET, 0), decorated[DECORATION_BINDING]))
        if storage == STORAGE_PUSH_CONSTANT:
            module.push_constant_sizes.append(size_of(types[pointer][2]))
    module.spec_ids = {d[DECORATION_SPEC_ID] for d in decorations.values() if DECORATION_SPEC_ID in d}
    return module


# --- the documented interface ----------------------------------------------------------------------
@dataclass
class Interface:
    """The `// @...` lines of a source's header comment. A tag may name a condition on the variant's
    defines: `@push_constant[INT8] 80` applies when INT8 is defined, `[!INT8]` when it is not."""

    entry: str | None = None
    local_size: tuple[int, int, int] | None = None
    bindings: set[tuple[int, int]] = field(default_factory=set)
    push_constant_size: int | None = None
    spec_ids: set[int] = field(default_factory=set)
    uses: set[str] = field(default_factory=set)


def documented_interface(source: str, defines: dict[str, str] | None = None) -> Interface:
    interface = Interface()
    defined = set(defines or {})
    for tag, condition, value in re.findall(r"^\s*//\s*@(\w+)(?:\[(!?\w+)\])?\s+(.*)$", source, flags=re.MULTILINE):
        if condition and (condition.lstrip("!") in defined) == condition.startswith("!"):
            continue
        fields = value.split()
        if tag == "entry":
            interface.entry = fields[0]
        elif tag == "local_size":
            interface.local_size = tuple(int(f) for f in fields[:3])
        elif tag == "binding":
            interface.bindings.add((int(fields[0]), int(fields[1])))
        elif tag == "push_constant":
            interface.push_constant_size = int(fields[0])
        elif tag == "spec":
            interface.spec_ids.add(int(fields[0]))
        elif tag == "uses":
            interface.uses.update(fields)
        else:
            raise ValueError(f"unknown interface tag @{tag}")
    return interface


def interface_mismatches(interface: Interface, module: Module) -> list[str]:
    """Every way the binary differs from its documentation (empty when they agree)."""
    problems = []
    if interface.entry not in module.entry_points:
        return [f"entry point {interface.entry!r} not among {sorted(module.entry_points)}"]
    model, function = module.entry_points[interface.entry]
    if model != EXECUTION_MODEL_GLCOMPUTE:
        problems.append(f"entry point execution model {model}, expected GLCompute (5)")
    if module.local_size.get(function) != interface.local_size:
        problems.append(f"LocalSize {module.local_size.get(function)}, documented {interface.local_size}")
    if module.bindings != interface.bindings:
        problems.append(f"(set, binding) {sorted(module.bindings)}, documented {sorted(interface.bindings)}")
    documented_push = [] if interface.push_constant_size is None else [interface.push_constant_size]
    if module.push_constant_sizes != documented_push:
        problems.append(f"push constants of {module.push_constant_sizes} bytes, documented {documented_push}")
    if module.spec_ids != interface.spec_ids:
        problems.append(f"SpecIds {sorted(module.spec_ids)}, documented {sorted(interface.spec_ids)}")
    missing = sorted(name for name in interface.uses if OP_NAMES[name] not in module.opcodes)
    if missing:
        problems.append(f"documented as using {missing}, which the module lacks")
    return problems


# --- the manifest ----------------------------------------------------------------------------------
def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def manifest_problems(folder: Path) -> list[str]:
    """Differences between manifest.json and the files: a source edited without rebuilding, a
    module edited by hand, a source or module the build does not know."""
    manifest = json.loads((folder / "manifest.json").read_text())["modules"]
    problems = []
    for output, entry in manifest.items():
        for name, key in ((entry["source"], "source_sha256"), (output, "sha256")):
            path = folder / name
            if not path.is_file():
                problems.append(f"{name} is missing")
            elif sha256(path) != entry[key]:
                problems.append(f"{name} differs from the build recorded in manifest.json (rebuild with "
                                f"dxlinalg/samples/spirv/build.py)")
    sources = {p.name for p in folder.iterdir() if p.suffix in SOURCE_SUFFIXES}
    problems += [f"{name} is not built by build.py" for name in sorted(sources - {e["source"] for e in manifest.values()})]
    modules = {p.name for p in folder.glob("*.spv")}
    problems += [f"{name} is not in manifest.json" for name in sorted(modules - set(manifest))]
    return problems


MANIFEST = json.loads((FOLDER / "manifest.json").read_text())
MODULES = sorted(MANIFEST["modules"])


def test_manifest_matches_every_source_and_module():
    assert manifest_problems(FOLDER) == []


def test_a_source_edited_without_rebuilding_is_reported(tmp_path):
    copy = tmp_path / "spirv"
    shutil.copytree(FOLDER, copy)
    source = copy / MANIFEST["modules"][MODULES[0]]["source"]
    source.write_text(source.read_text() + "\n// an edit\n")
    problems = manifest_problems(copy)
    assert problems == [f"{source.name} differs from the build recorded in manifest.json (rebuild with "
                        f"dxlinalg/samples/spirv/build.py)"] * sum(e["source"] == source.name for e in MANIFEST["modules"].values())


def test_a_module_or_source_unknown_to_the_build_is_reported(tmp_path):
    copy = tmp_path / "spirv"
    shutil.copytree(FOLDER, copy)
    (copy / "stray.comp").write_text("#version 460\n")
    (copy / "stray.spv").write_bytes(struct.pack("<5I", MAGIC, SPIRV_1_6, 0, 1, 0))
    assert manifest_problems(copy) == ["stray.comp is not built by build.py", "stray.spv is not in manifest.json"]


@pytest.mark.parametrize("name", MODULES)
def test_module_is_spirv_1_6_with_the_documented_interface(name):
    module = read_module((FOLDER / name).read_bytes())
    assert module.version == SPIRV_1_6
    entry = MANIFEST["modules"][name]
    interface = documented_interface((FOLDER / entry["source"]).read_text(), entry["defines"])
    assert interface.entry == entry["entry"]
    assert interface_mismatches(interface, module) == []


def test_a_wrong_local_size_in_the_binary_is_reported():
    name = "workgroup_reduce.spv"
    data = bytearray((FOLDER / name).read_bytes())
    words = struct.unpack(f"<{len(data) // 4}I", data)
    at = next(i for i in range(5, len(words) - 2)
              if words[i] == (6 << 16 | OP_NAMES["OpExecutionMode"]) and words[i + 2] == EXECUTION_MODE_LOCAL_SIZE)
    struct.pack_into("<I", data, 4 * (at + 3), 32)
    interface = documented_interface((FOLDER / MANIFEST["modules"][name]["source"]).read_text())
    assert interface_mismatches(interface, read_module(bytes(data))) == [
        "LocalSize (32, 1, 1), documented (64, 1, 1)"]


def test_conditional_tags_follow_the_variant_defines():
    source = "// @entry main\n// @push_constant[!INT8] 48\n// @push_constant[INT8] 80\n"
    assert documented_interface(source).push_constant_size == 48
    assert documented_interface(source, {"DT": "x"}).push_constant_size == 48
    assert documented_interface(source, {"INT8": "1"}).push_constant_size == 80


def test_unknown_interface_tags_are_rejected():
    with pytest.raises(ValueError, match="unknown interface tag @bindings"):
        documented_interface("// @bindings 0 0 x\n")


def test_documented_bindings_push_constants_and_specialization_are_compared():
    module = read_module((FOLDER / "spec_constants.spv").read_bytes())
    interface = Interface(entry="main", local_size=(64, 1, 1), bindings={(0, 0), (1, 1)}, push_constant_size=8,
                          spec_ids={0, 1}, uses={"OpPhi"})
    assert interface_mismatches(interface, module) == [
        "(set, binding) [(0, 0), (0, 1)], documented [(0, 0), (1, 1)]",
        "push constants of [4] bytes, documented [8]",
        "SpecIds [0, 1, 2], documented [0, 1]",
        "documented as using ['OpPhi'], which the module lacks",
    ]


@pytest.mark.parametrize("data, message", [
    (b"\x03\x02\x23", "3 bytes is not a whole header"),
    (struct.pack("<5I", 0x03022307, SPIRV_1_6, 0, 1, 0), "magic 0x03022307"),
    (struct.pack("<6I", MAGIC, SPIRV_1_6, 0, 1, 0, 4 << 16 | 17), "instruction at word 5 has word count 4"),
])
def test_reader_rejects_malformed_modules(data, message):
    with pytest.raises(SpirvFormatError, match=message):
        read_module(data)


def test_compiler_versions_are_recorded_beside_the_modules():
    text = (FOLDER / "COMPILERS.txt").read_text()
    for tool in ("slangpy", "slang", "glslang", "spirv-val"):
        assert f"{tool}: {MANIFEST['compilers'][tool]}" in text
    assert {entry["compiler"] for entry in MANIFEST["modules"].values()} <= {"slang", "glslang"}
