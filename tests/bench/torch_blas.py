"""The bench's PyTorch setup, shared by its *_torch_bench.py scripts: one thread, and which BLAS
library (and, for OpenBLAS, which kernel) this process has loaded. Debian's python3-torch calls
libblas.so.3 through the alternatives system: OpenBLAS when libopenblas0-pthread is installed,
else the reference BLAS (naive loops, 50x slower on a 128x784x128 product); the label says
which, so a figure never hides its baseline."""

import ctypes
import os

import torch


def one_thread():
    torch.set_num_threads(1)


def blas_info():
    """{"library": path, "kind": "OpenBLAS"|"reference BLAS"|"MKL", "core": OpenBLAS's kernel,
    "threads": torch's, "blas_threads": OpenBLAS's}."""
    torch.ones(2, 2) @ torch.ones(2, 2)  # loads the BLAS if it is not yet mapped
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if len(line.split()) > 5}
    # The BLAS libraries themselves (libblas, libopenblas, libmkl...), not SciPy's wrappers.
    names = ("libblas", "libopenblas", "libmkl")
    libs = sorted(p for p in paths if os.path.basename(p).startswith(names))
    info = {"libraries": libs, "threads": torch.get_num_threads(), "core": None}
    openblas = [p for p in libs if "libopenblas" in p]
    if openblas:
        info["kind"] = "OpenBLAS"
        info["library"] = openblas[0]
        try:
            lib = ctypes.CDLL(openblas[0])
            lib.openblas_get_corename.restype = ctypes.c_char_p
            info["core"] = lib.openblas_get_corename().decode()
            info["blas_threads"] = lib.openblas_get_num_threads()
        except (OSError, AttributeError):
            pass
    elif any("libmkl" in p for p in libs):
        info["kind"], info["library"] = "MKL", libs[0]
    else:
        info["kind"] = "reference BLAS"
        info["library"] = libs[0] if libs else None
    return info
