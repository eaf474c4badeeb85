"""Compile the scoring's hot modules with Cython when it and a C compiler are there; pure Python otherwise.

Everything else about the package is in pyproject.toml. The list of modules is :data:`scorer._compiled.COMPILED`
(read here with runpy: nothing of the package is imported). ``MJSCORE_PURE=1`` at install time skips the
compilation. A module that fails to compile is left to Python with a warning: the install never fails for it.
"""

import os
import runpy
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
COMPILED = runpy.run_path(os.path.join(HERE, "scorer", "_compiled.py"))["COMPILED"]


class OptionalBuildExt(build_ext):
    """Build the extensions in parallel; a module that does not compile stays pure Python."""

    def finalize_options(self):
        super().finalize_options()
        if not self.parallel:
            self.parallel = os.cpu_count() or 1

    def run(self):
        try:
            super().run()
        except Exception as exc:  # no compiler at all: the whole build is optional
            self.warn(f"mjscore: compiling the hot modules failed ({exc}); installing pure Python (slower)")

    def build_extension(self, ext):
        try:
            super().build_extension(ext)
        except Exception as exc:
            self.warn(f"mjscore: {ext.name} did not compile ({exc}); it stays pure Python")


def extensions():
    if os.environ.get("MJSCORE_PURE", "") not in ("", "0"):
        return []
    try:
        from Cython.Build import cythonize
    except ImportError:
        print("mjscore: Cython is not available; installing pure Python (slower)", file=sys.stderr)
        return []
    from setuptools import Extension

    modules = [Extension(name, [os.path.join(*name.split(".")) + ".py"]) for name in COMPILED]
    return cythonize(modules, build_dir=os.path.join("build", "cython"), nthreads=os.cpu_count() or 1, quiet=True,
                     compiler_directives={"language_level": 3, "annotation_typing": False,
                                                           "infer_types": False})


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
