"""Python ports of the four C probes that produced the NVIDIA H100 Vulkan reference (vkprobe.c, vkconv.c,
vklayouts.c, vkopt8.c), run against the mock: the same calls, loops and output formats, so their output can be
compared with the reference byte for byte.

Like the C programs they enable no validation layer and create the device with VK_NV_cooperative_vector and
both cooperative-vector features. Each returns what the C program prints (lines) and the files it writes
(name -> bytes). Where the reference was produced with different shape lists than the C sources now hold, the
lists here are the reference's (tests/data/nvidia_h100_vulkan/README.md says which).
"""

from __future__ import annotations

import numpy as np

from dxlinalg.vulkan import *  # noqa: F403  (the ports read like the C)


# vkprobe.c / vkconv.c esize(): bytes per element of a component type as the probes count them.
def esize(t: int) -> int:
    return 2 if t in (0, 4, 8) else 4 if t in (1, 5, 9) else 1


# Dimensions of the reference outputs (README.md): sizes.tsv was produced with these 14 (vkprobe.c now lists 22),
# layouts.bin with these 26 (vklayouts.c now lists 32).
SIZE_DIMS = (1, 2, 3, 4, 7, 8, 9, 15, 16, 17, 31, 32, 33, 64)
LAYOUT_DIMS = (1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 20, 23, 24, 25, 31, 32, 33, 40, 48, 63, 64, 72, 96, 128)
SIZE_TYPES = (0, 1, 3, 7, 1000491002, 1000491003, 1000567002, 1000567003)
PROBE_SHAPES = ((16, 16), (32, 32), (64, 64), (16, 32), (32, 16), (64, 16), (16, 64), (48, 80), (17, 33),
                (100, 36), (128, 128))
CONVERSION_TYPES = (0, 1, 3, 7, 1000491002, 1000491003, 5, 9, 4, 8)
CONVERSION_NAMES = ("f16", "f32", "s8", "u8", "e4m3", "e5m2", "s32", "u32", "s16", "u16")


def _device(profile: str) -> tuple[VkInstance, VkPhysicalDevice, VkDevice | None, int]:
    """vkCreateInstance (apiVersion 1.3), the first physical device, and the device the probes create."""
    app = VkApplicationInfo(pApplicationName="probe", applicationVersion=1, pEngineName="probe", engineVersion=1,
                            apiVersion=VK_MAKE_API_VERSION(0, 1, 3, 0))
    instance = vkCreateInstance(VkInstanceCreateInfo(pApplicationInfo=app), None, profile=profile)
    count = [1]
    devices = [None]
    vkEnumeratePhysicalDevices(instance, count, devices)
    queue = VkDeviceQueueCreateInfo(queueFamilyIndex=0, queueCount=1, pQueuePriorities=[1.0])
    features = VkPhysicalDeviceCooperativeVectorFeaturesNV(cooperativeVector=1, cooperativeVectorTraining=1)
    info = VkDeviceCreateInfo(pNext=features, queueCreateInfoCount=1, pQueueCreateInfos=[queue],
                              enabledExtensionCount=1, ppEnabledExtensionNames=[VK_NV_COOPERATIVE_VECTOR_EXTENSION_NAME])
    try:
        device, result = vkCreateDevice(devices[0], info), VK_SUCCESS
    except VulkanError as error:
        device, result = None, error.result
    return instance, devices[0], device, int(result)


def _info(src_size: int, src: object, dst_size: list[int], dst: object, src_type: int, dst_type: int, rows: int,
          cols: int, src_layout: int, src_stride: int, dst_layout: int, dst_stride: int) -> VkConvertCooperativeVectorMatrixInfoNV:
    """The C aggregate `{1000491004, NULL, srcSize, src, &dst, NULL, ...}`."""
    return VkConvertCooperativeVectorMatrixInfoNV(1000491004, None, src_size, src, dst_size, dst, src_type, dst_type,
                                                  rows, cols, src_layout, src_stride, dst_layout, dst_stride)


# --- vkprobe.c ---------------------------------------------------------------------------------------------

def vkprobe(profile: str = "nvidia-h100", dims: tuple[int, ...] = SIZE_DIMS, types: tuple[int, ...] = SIZE_TYPES,
            shapes: tuple[tuple[int, int], ...] = PROBE_SHAPES) -> tuple[list[str], dict[str, bytes]]:
    out: list[str] = []
    files: dict[str, bytes] = {}
    instance, _, _, _ = _device(profile)
    out.append(f"vkCreateInstance: {VK_SUCCESS:d}")
    n = [0]
    vkEnumeratePhysicalDevices(instance, n, None)
    out.append(f"physical devices: {n[0]}")
    pds = [None] * min(n[0], 8)
    n[0] = len(pds)
    vkEnumeratePhysicalDevices(instance, n, pds)
    pd = pds[0]
    for i in range(n[0]):
        p = VkPhysicalDeviceProperties()
        vkGetPhysicalDeviceProperties(pds[i], p)
        out.append(f"device {i}: {p.deviceName} api {p.apiVersion >> 22}.{(p.apiVersion >> 12) & 0x3ff}."
                   f"{p.apiVersion & 0xfff} driver 0x{p.driverVersion:x} vendor 0x{p.vendorID:x}")
    ne = [0]
    vkEnumerateDeviceExtensionProperties(pd, None, ne, None)
    ep = [VkExtensionProperties() for _ in range(ne[0])]
    vkEnumerateDeviceExtensionProperties(pd, None, ne, ep)
    has_cv = False
    out.append(f"extensions: {ne[0]}")
    for e in ep[: ne[0]]:
        if any(k in e.extensionName for k in ("cooperative", "float8", "bfloat", "tensor", "float16", "integer_dot")):
            out.append(f"  {e.extensionName} v{e.specVersion}")
        has_cv = has_cv or e.extensionName == "VK_NV_cooperative_vector"
    if not has_cv:
        out.append("VK_NV_cooperative_vector: absent")
        return out, files
    pc = [0]
    r = vkGetPhysicalDeviceCooperativeVectorPropertiesNV(pd, pc, None)
    out.append(f"coopvec property count: {pc[0]} (r={r:d})")
    cp = [VkCooperativeVectorPropertiesNV(sType=1000491002) for _ in range(pc[0])]
    vkGetPhysicalDeviceCooperativeVectorPropertiesNV(pd, pc, cp)
    for c in cp[: pc[0]]:
        out.append(f"  prop in={c.inputType:d} inInterp={c.inputInterpretation:d} mat={c.matrixInterpretation:d} "
                   f"bias={c.biasInterpretation:d} res={c.resultType:d} transpose={c.transpose}")
    _, _, dev, r = _device(profile)
    out.append(f"vkCreateDevice: {r}")
    if r:
        return out, files
    out.append("convert fn: vkConvertCooperativeVectorMatrixNV")
    for t in types:
        for layout in range(4):
            for rows in dims:
                for cols in dims:
                    es = esize(t)
                    dst = [0]
                    stride = (cols * es + 15) // 16 * 16 if layout == 0 else (rows * es + 15) // 16 * 16 if layout == 1 else 0
                    r = vkConvertCooperativeVectorMatrixNV(dev, _info(rows * cols * es, None, dst, None, t, t, rows, cols,
                                                                      0, cols * es, layout, stride))
                    out.append(f"size type={t} layout={layout} rows={rows} cols={cols} -> r={r:d} dst={dst[0]}")
    for rows, cols in shapes:
        for layout in (2, 3):
            n_el = rows * cols
            src = (0x0400 + np.arange(n_el)).astype(np.uint16)
            dst = [0]
            info = _info(n_el * 2, src, dst, None, 0, 0, rows, cols, 0, cols * 2, layout, 0)
            vkConvertCooperativeVectorMatrixNV(dev, info)
            d = np.zeros(dst[0], np.uint8)
            info.dstData.hostAddress = d
            r = vkConvertCooperativeVectorMatrixNV(dev, info)
            files[f"f16_L{layout}_{rows}x{cols}.bin"] = d[: dst[0]].tobytes()
            out.append(f"probe f16 L{layout} {rows}x{cols} r={r:d} dst={dst[0]}")
            for hb in range(2):
                s = (((np.arange(n_el) + 1) >> (8 * hb)) & 0xFF).astype(np.uint8)
                dst = [0]
                info = _info(n_el, s, dst, None, 3, 3, rows, cols, 0, cols, layout, 0)
                vkConvertCooperativeVectorMatrixNV(dev, info)
                d = np.zeros(dst[0], np.uint8)
                info.dstData.hostAddress = d
                r = vkConvertCooperativeVectorMatrixNV(dev, info)
                files[f"i8b{hb}_L{layout}_{rows}x{cols}.bin"] = d[: dst[0]].tobytes()
                out.append(f"probe i8 byte{hb} L{layout} {rows}x{cols} r={r:d} dst={dst[0]}")
    return out, files


# --- vkconv.c ----------------------------------------------------------------------------------------------

def f32dense_source() -> np.ndarray:
    """vkconv.c's dense FP32 sweep: exponents 100..160, every 2^11-th mantissa, each value and its negation."""
    e = np.arange(100, 161, dtype=np.uint32)[:, None]
    m = np.arange(0, 1 << 23, 1 << 11, dtype=np.uint32)[None, :]
    pos = (e << 23) | m
    return np.stack([pos, pos | np.uint32(1 << 31)], axis=-1).reshape(-1)[: 1 << 21]


def vkconv(profile: str = "nvidia-h100", sources: tuple[str, ...] = ("f16", "f32grid", "f32dense", "s32", "s8",
                                                                     "e4m3", "e5m2"),
           destinations: tuple[int, ...] = tuple(range(10))) -> tuple[list[str], dict[str, bytes]]:
    out: list[str] = []
    files: dict[str, bytes] = {}
    _, _, dev, r = _device(profile)
    out.append(f"vkCreateDevice {r}")

    def run(tag: str, st: int, dt: int, src: np.ndarray, n: int) -> None:
        ses, des = esize(st), esize(dt)
        dst = [0]
        info = _info(n * ses, src, dst, None, st, dt, 1, n, 0, n * ses, 0, (n * des + 15) // 16 * 16)
        r1 = vkConvertCooperativeVectorMatrixNV(dev, info)
        d = np.zeros(dst[0] or 1, np.uint8)
        info.dstData.hostAddress = d
        r2 = vkConvertCooperativeVectorMatrixNV(dev, info)
        files[f"{tag}.bin"] = d[: dst[0]].tobytes()
        out.append(f"{tag} src={st} dst={dt} n={n} size_r={r1:d} conv_r={r2:d} dst={dst[0]}")

    inputs = {
        "f16": (0, np.arange(65536, dtype=np.uint32).astype(np.uint16)),
        "f32grid": (1, np.arange(1 << 19, dtype=np.uint32) << 13),
        "f32dense": (1, f32dense_source()),
        "s32": (5, ((np.arange(4096) - 2048) * 97).astype(np.int32)),
        "s8": (3, np.arange(256).astype(np.uint8).view(np.int8)),
        "e4m3": (1000491002, np.arange(256).astype(np.uint8)),
        "e5m2": (1000491003, np.arange(256).astype(np.uint8)),
    }
    for name in ("f16", "f32grid", "f32dense", "s32", "s8", "e4m3", "e5m2"):
        if name not in sources:
            continue
        st, src = inputs[name]
        for k in destinations:
            run(f"from_{name}_to_{CONVERSION_NAMES[k]}", st, CONVERSION_TYPES[k], src, src.size)
    return out, files


# --- vklayouts.c -------------------------------------------------------------------------------------------

FP8_PROBE_VALUES = np.array(list(range(0x01, 0x7C)) + list(range(0x81, 0xFC)), dtype=np.uint8)


def vklayouts(profile: str = "nvidia-h100", dims: tuple[int, ...] = LAYOUT_DIMS,
              shapes: list[tuple[int, int]] | None = None) -> tuple[str, bytes]:
    """(layouts.tsv, layouts.bin); `shapes` restricts the (rows, cols) loop to a subset, keeping its order."""
    _, _, dev, _ = _device(profile)
    blob, idx = [], ["name\toffset\tsize\tresult"]
    off = 0

    def emit(name: str, t: int, es: int, src: np.ndarray, rows: int, cols: int, layout: int) -> None:
        nonlocal off
        dst = [0]
        info = _info(rows * cols * es, src, dst, None, t, t, rows, cols, 0, cols * es, layout, 0)
        r = vkConvertCooperativeVectorMatrixNV(dev, info)
        if r:
            idx.append(f"{name}\t-1\t0\t{r:d}")
            return
        d = np.zeros(dst[0], np.uint8)
        info.dstData.hostAddress = d
        r = vkConvertCooperativeVectorMatrixNV(dev, info)
        blob.append(d[: dst[0]].tobytes())
        idx.append(f"{name}\t{off}\t{dst[0]}\t{r:d}")
        off += dst[0]

    wanted = None if shapes is None else set(shapes)
    for rows in dims:
        for cols in dims:
            if wanted is not None and (rows, cols) not in wanted:
                continue
            for layout in (2, 3):
                n = rows * cols
                emit(f"f16_L{layout}_{rows}x{cols}", 0, 2, (0x0400 + np.arange(n)).astype(np.uint16), rows, cols, layout)
                for hb in range(2):
                    s = (((np.arange(n) + 1) >> (8 * hb)) & 0xFF).astype(np.uint8)
                    emit(f"i8b{hb}_L{layout}_{rows}x{cols}", 3, 1, s, rows, cols, layout)
                for dg in range(2):
                    q = np.arange(n) + 1
                    if dg:
                        q //= 246
                    emit(f"e4m3d{dg}_L{layout}_{rows}x{cols}", 1000491002, 1, FP8_PROBE_VALUES[q % 246], rows, cols,
                         layout)
    return "\n".join(idx) + "\n", b"".join(blob)


# --- vkopt8.c ----------------------------------------------------------------------------------------------

def f16_patterns_as_f32() -> np.ndarray:
    """Element i is the FP32 value of FP16 bit pattern i, built bit by bit as vkopt8.c does (NaN payloads kept)."""
    h = np.arange(65536, dtype=np.uint32)
    s, e, m = (h >> 15) << 31, (h >> 10) & 31, h & 1023
    bits = s | ((e + 112) << 23) | (m << 13)                       # normal: exponent e - 15 + 127
    bits = np.where(e == 31, s | (255 << 23) | (m << 13), bits)     # Inf and NaN
    length = np.where(m > 0, np.floor(np.log2(np.maximum(m, 1))).astype(np.uint32) + 1, 0)
    k = 11 - length                                                  # shifts until bit 10 is set
    subnormal = s | ((127 - 14 - k) << 23) | (((m << k) & 1023) << 13)
    bits = np.where(e == 0, np.where(m == 0, s, subnormal), bits)
    return bits.astype(np.uint32).view(np.float32)


def vkopt8(profile: str = "nvidia-h100") -> dict[str, bytes]:
    _, _, dev, _ = _device(profile)
    files = {}
    rows = cols = 256
    for which in range(2):
        src = f16_patterns_as_f32() if which == 0 else (np.arange(rows * cols, dtype=np.uint32) << 15).view(np.float32)
        for t, tn in ((1000491002, "e4m3"), (1000491003, "e5m2")):
            for layout in range(4):
                dst = [0]
                ds = ((cols if layout == 0 else rows) + 15) // 16 * 16 if layout < 2 else 0
                info = _info(rows * cols * 4, src, dst, None, 1, t, rows, cols, 0, cols * 4, layout, ds)
                vkConvertCooperativeVectorMatrixNV(dev, info)
                d = np.zeros(dst[0], np.uint8)
                info.dstData.hostAddress = d
                vkConvertCooperativeVectorMatrixNV(dev, info)
                files[f"opt8_{'grid' if which else 'f16pat'}_f32to{tn}_L{layout}.bin"] = d[: dst[0]].tobytes()
    return files

