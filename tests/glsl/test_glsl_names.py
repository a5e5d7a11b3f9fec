"""dxlinalg.glsl holds GLSL's cooperative-matrix names; dxlinalg.hlsl keeps HLSL's (docs/samples.md#old-names).

A GLSL-spelled shader needs only `from dxlinalg.glsl import *`; an HLSL one's star import neither gives
GLSL's names nor warns; the old spelling `dxlinalg.hlsl.coopmat` still resolves, to the same object, with
a DeprecationWarning at the caller's line, until dxlinalg 0.3.
"""

import warnings
from pathlib import Path

import numpy as np
import pytest

import dxlinalg.glsl as glsl
import dxlinalg.hlsl as hlsl
import dxlinalg.hlsl.linalg as dx_linalg
import dxlinalg.hlsl.surface as surface
from dxlinalg.coopmat import glsl_matrix, glsl_matrix_ops, glsl_tensor, reduce
from dxlinalg.gpu import run_dispatch

DX_LINALG_NAMES = {name for name in hlsl.__all__ if getattr(dx_linalg, name, None) is getattr(hlsl, name)} - set(
    surface.__all__)


def star(module: str) -> dict[str, object]:
    """A fresh module namespace after `from <module> import *`, as a user's shader module would have."""
    namespace: dict[str, object] = {"__name__": "user_shader_module"}
    exec(f"from {module} import *", namespace)  # noqa: S102 (the star import is what is tested)
    return namespace


def test_the_glsl_names_are_the_coopmat_packages_own_objects():
    sources = (glsl_matrix, glsl_matrix_ops, glsl_tensor, reduce)
    for name in glsl.GLSL_NAMES:
        assert any(getattr(source, name, None) is getattr(glsl, name) for source in sources), name
    assert {"coopmat", "coopMatLoad", "coopMatMulAdd", "createTensorLayoutNV", "gl_ScopeSubgroup", "LaneTensorLayout",
            "bfloat16_t", "setTensorViewClipNV", "gl_CooperativeMatrixReduceRowNV"} <= set(glsl.GLSL_NAMES)


def test_the_two_surfaces_share_everything_but_their_matrix_apis():
    assert set(glsl.__all__) == set(glsl.GLSL_NAMES) | set(surface.__all__)
    assert set(hlsl.__all__) == DX_LINALG_NAMES | set(surface.__all__)
    assert not set(glsl.GLSL_NAMES) & set(hlsl.__all__)
    assert not DX_LINALG_NAMES & set(glsl.__all__)
    assert {"MatrixRef", "MulAdd", "DATA_TYPE_FLOAT16", "MATRIX_LAYOUT_MUL_OPTIMAL"} <= DX_LINALG_NAMES
    assert {"ByteAddressBuffer", "SV_GroupID", "compute_shader", "assign", "if_", "float16_t", "max"} <= set(surface.__all__)


def test_a_glsl_shader_needs_only_the_glsl_star_import():
    namespace = star("dxlinalg.glsl")
    exec('''
A = coopmat[float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseA]
B = coopmat[float16_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseB]
C = coopmat[float32_t, gl_ScopeSubgroup, 16, 16, gl_MatrixUseAccumulator]

@compute_shader(numthreads=(32, 1, 1))
def square(m=ByteAddressBuffer("t0"), out=RWByteAddressBuffer("u0")):
    a, b = A(), B()
    coopMatLoad(a, m, 0, 16, gl_CooperativeMatrixLayoutRowMajor)
    coopMatLoad(b, m, 0, 16, gl_CooperativeMatrixLayoutRowMajor)
    coopMatStore(coopMatMulAdd(a, b, C(0.0)), out, 0, 16, gl_CooperativeMatrixLayoutRowMajor)
''', namespace)  # noqa: S102
    x = (np.arange(256) % 5 - 2).astype(np.float16).reshape(16, 16)
    result = np.zeros(256, np.float32)
    run_dispatch(namespace["square"], {"t0": x.view(np.uint8).reshape(-1).copy(), "u0": result.view(np.uint8)})
    assert np.array_equal(result.reshape(16, 16), x.astype(np.float32) @ x.astype(np.float32))


def test_the_hlsl_star_import_gives_no_glsl_name_and_no_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        namespace = star("dxlinalg.hlsl")
    assert not set(glsl.GLSL_NAMES) & set(namespace)
    assert {"MatrixRef", "ByteAddressBuffer", "assign"} <= set(namespace)


@pytest.mark.parametrize("name", ["coopmat", "coopMatLoadTensorNV", "gl_ScopeSubgroup", "LaneTensorLayout", "bfloat16_t"])
def test_an_old_hlsl_spelling_of_a_glsl_name_warns_and_gives_the_same_object(name):
    with pytest.warns(DeprecationWarning) as caught:
        value = getattr(hlsl, name)
    assert value is getattr(glsl, name)
    assert [str(w.message) for w in caught] == [
        f"dxlinalg.hlsl.{name} is deprecated and will be removed in dxlinalg 0.3: GLSL's names are in dxlinalg.glsl "
        f"(from dxlinalg.glsl import {name}; see docs/samples.md)"]
    assert Path(caught[0].filename).name == Path(__file__).name


def test_from_hlsl_import_of_a_glsl_name_warns_at_the_importing_line():
    with pytest.warns(DeprecationWarning, match=r"dxlinalg\.hlsl\.coopMatMulAdd is deprecated") as caught:
        from dxlinalg.hlsl import coopMatMulAdd
    assert coopMatMulAdd is glsl.coopMatMulAdd
    assert Path(caught[0].filename).name == Path(__file__).name


def test_other_missing_names_are_plain_attribute_errors_and_sm610_still_imports():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(AttributeError, match="module 'dxlinalg.hlsl' has no attribute 'coopmatt'"):
            hlsl.coopmatt  # noqa: B018
        assert not hasattr(hlsl, "GLSL_NAMES")
        from dxlinalg.hlsl import sm610
    assert sm610.__name__ == "dxlinalg.hlsl.sm610"
