"""The binary reader and module structure: header, byte order, word counts, strings, and fuzzing."""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dxlinalg.spirv import SpirvBinaryError, SpirvError, SpirvValidationError, load_module, run
from dxlinalg.spirv.builder import instruction, string_words
from dxlinalg.spirv.reader import read_binary

DATA = Path(__file__).parent / "data"
MODULE = (DATA / "control_flow.spv").read_bytes()


def words_of(data: bytes) -> np.ndarray:
    return np.frombuffer(data, "<u4").copy()


def test_reads_bytes_paths_and_word_arrays_alike():
    from_bytes = load_module(MODULE)
    from_path = load_module(DATA / "control_flow.spv")
    from_words = load_module(words_of(MODULE))
    from_list = load_module(words_of(MODULE).tolist())
    assert from_bytes.version == (1, 5) and from_bytes.bound == from_path.bound == from_words.bound
    assert len(from_list.binary.instructions) == len(from_bytes.binary.instructions)
    assert from_bytes.entry_points[0].name == "main"


def test_byte_swapped_module_reads_and_runs_the_same():
    swapped = words_of(MODULE).byteswap().tobytes()
    values = np.arange(-32, 32, dtype=np.int32)
    buffers = {(0, 0): values, (0, 1): np.zeros(64, np.int32)}
    assert np.array_equal(run(swapped, buffers=buffers)[(0, 1)], run(MODULE, buffers=buffers)[(0, 1)])


@pytest.mark.parametrize("data, message", [
    (b"", "header alone is 5"),
    (MODULE[:19], "whole number of 32-bit words"),
    (b"\x00" * 20, "not the SPIR-V magic number"),
])
def test_malformed_headers_are_rejected(data, message):
    with pytest.raises(SpirvBinaryError, match=message):
        load_module(data)


def test_header_fields_are_checked():
    words = words_of(MODULE)
    for index, value, message in ((1, 0x00020000, "version"), (3, 0, "id bound"), (4, 7, "schema")):
        broken = words.copy()
        broken[index] = value
        with pytest.raises(SpirvBinaryError, match=message):
            load_module(broken)


def test_truncated_instruction_is_reported_with_its_position():
    words = np.append(words_of(MODULE), np.uint32((4 << 16) | 17))    # OpCapability claiming 4 words, then the end
    with pytest.raises(SpirvBinaryError, match=rf"at word {len(words) - 1} .*word count 4 but only 1 .*truncated"):
        load_module(words)


def test_zero_word_count_is_reported():
    words = words_of(MODULE)
    words[5] = 0x00000011
    with pytest.raises(SpirvBinaryError, match="word count 0"):
        load_module(words)


def test_word_count_that_does_not_fit_the_opcode_names_it():
    module = load_module(MODULE)
    first = module.binary.instructions[0]     # OpCapability Shader
    words = words_of(MODULE)
    words[first.word] = (3 << 16) | first.opcode
    words = np.insert(words, first.word + 2, 0)
    with pytest.raises(SpirvBinaryError, match=r"OpCapability \(instruction 0, word 5\).*more than its operands"):
        load_module(words)


def test_literal_string_without_nul_is_reported():
    header = [0x07230203, 0x00010500, 0, 10, 0]
    body = [(3 << 16) | 10, 0x61616161, 0x61616161]       # OpExtension "aaaaaaaa" without a terminating nul
    with pytest.raises(SpirvBinaryError, match=r"OpExtension \(instruction 0, word 5\).*no terminating nul"):
        load_module(header + body)


def test_string_words_round_trip():
    from dxlinalg.spirv.reader import decode_string

    for text in ("", "abc", "abcd", "GLSL.std.450", "ünïcode"):
        assert decode_string(tuple(string_words(text)), 0) == (text, len(string_words(text)))


def test_unknown_opcode_is_reported_by_number():
    header = [0x07230203, 0x00010500, 0, 10, 0]
    with pytest.raises(SpirvValidationError, match="opcode 9999 is not defined"):
        load_module(header + [(1 << 16) | 9999])


def test_unknown_enumerant_is_reported():
    header = [0x07230203, 0x00010500, 0, 10, 0]
    with pytest.raises(SpirvBinaryError, match=r"OpCapability .* 123456 is not a Capability value"):
        load_module(header + instruction("OpCapability", 123456))


def test_instructions_record_their_index_and_word_offset():
    binary = read_binary(MODULE)
    assert binary.instructions[0].word == 5
    second = binary.instructions[1]
    assert second.index == 1 and second.word == 5 + 1 + len(binary.instructions[0].operands)


FUZZ_MODULES = [(name, (DATA / name).read_bytes(), buffers) for name, buffers in (
    ("control_flow.spv", 2), ("control_flow.opt.spv", 2), ("subgroup.opt.spv", 2), ("atomics.spv", 3),
    ("shared_reduce.opt.spv", 3), ("types.opt.spv", 9))]


@st.composite
def damaged_modules(draw):
    name, data, buffers = draw(st.sampled_from(FUZZ_MODULES))
    damaged = bytearray(data)
    if draw(st.booleans()):
        for _ in range(draw(st.integers(1, 6))):
            damaged[draw(st.integers(20, len(damaged) - 1))] = draw(st.integers(0, 255))
    else:                                   # rewrite operand words, keeping every word count intact
        words = np.frombuffer(bytes(damaged), "<u4").copy()
        starts, position = [], 5
        while position < len(words):
            starts.append(position)
            position += int(words[position]) >> 16
        for _ in range(draw(st.integers(1, 3))):
            start = draw(st.sampled_from(starts))
            count = int(words[start]) >> 16
            if count > 1:
                words[start + draw(st.integers(1, count - 1))] = draw(st.integers(0, int(words[3]) + 1))
        damaged = bytearray(words.astype("<u4").tobytes())
    if draw(st.integers(0, 4)) == 0:
        damaged = damaged[:draw(st.integers(0, len(damaged)))]
    return name, bytes(damaged), buffers


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_modules())
def test_damaged_modules_give_only_spirv_errors(case):
    """Random byte flips, operand rewrites and truncations: either the module runs or a SpirvError names
    the problem; never another exception, an "unexpected" failure or a hang (the step limit bounds loops)."""
    _, data, buffers = case
    try:
        run(data, buffers={(0, k): np.zeros(256, np.int32) for k in range(buffers)}, push_constants=bytes(64),
            step_limit=2000)
    except SpirvError as error:
        assert "unexpected" not in str(error)
