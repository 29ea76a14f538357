"""The wheel's `build_py`: ships tfshim's modules without comments and private docstrings.

The wheel has a 200 KB budget (small downloads for Pyodide/JupyterLite and slow links) while the bit-exact
kernels are documented at length in the source. This step, run by setuptools for the wheel only (editable
installs and the sdist keep the sources as they are), blanks out

* comments, except pragmas (`# type:`, `# noqa`),
* docstrings of private code: functions and classes whose name starts with `_` (dunder methods excepted),
  functions nested in functions, and the module docstrings of the internal packages (`INTERNAL`),
* every docstring of `tfshim/kernels/` (`UNDOCUMENTED`): the numerics behind the ops, no TF API of their own,
  whose long docstrings (which TF/Eigen/glibc algorithm, how it was measured) are for developers reading the
  repository, and of private modules (`_name.py`, e.g. `tfshim/keras/_tree.py`),

replacing each by empty lines, so that every line keeps its number and tracebacks from an installed wheel
point at the same lines as the repository. Public docstrings (`help(tf.exp)`) stay. The result is checked:
it must parse to the same AST as the original minus the removed docstrings, or the build fails.
"""

from __future__ import annotations

import ast
import io
import tokenize

try:
    from setuptools.command.build_py import build_py as _setuptools_build_py
except ImportError:  # only strip_source is used (tests), not the setuptools command
    _setuptools_build_py = object  # type: ignore[assignment,misc]

INTERNAL = ("tfshim/eager/", "tfshim/framework/", "tfshim/kernels/", "tfshim/ops/", "tfshim/util/")
UNDOCUMENTED = ("tfshim/kernels/",)
PRAGMAS = ("# type:", "# noqa", "# pragma")


def _private_docstrings(tree: ast.Module, internal_module: bool, everything: bool) -> list[tuple[ast.Expr, bool]]:
    """The docstrings to remove (all of them if `everything`), each with whether its body has other statements."""
    found = []

    def doc(node: ast.AST) -> ast.Expr | None:
        body = getattr(node, "body", None)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            if isinstance(body[0].value.value, str):
                return body[0]
        return None

    def visit(node: ast.AST, private: bool, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                name = child.name
                hidden = everything or private or in_function or (name.startswith("_") and not name.endswith("__"))
                d = doc(child)
                if hidden and d is not None:
                    found.append((d, len(child.body) > 1))
                visit(child, hidden, in_function or not isinstance(child, ast.ClassDef))
            else:
                visit(child, private, in_function)

    d = doc(tree)
    if internal_module and d is not None:
        found.append((d, len(tree.body) > 1))
    visit(tree, False, False)
    return found


def strip_source(text: str, path: str) -> str:
    """`text` (the module at `path`, e.g. "tfshim/ops/math_ops.py") without comments and private docstrings,
    every line at its original number."""
    lines = text.splitlines(keepends=True)
    tree = ast.parse(text)
    docs = []
    path = path.replace("\\", "/")
    private_module = path.rsplit("/", 1)[-1].startswith("_") and not path.endswith(("/__init__.py", "/__main__.py"))
    undocumented = path.startswith(UNDOCUMENTED) or private_module
    for d, more in _private_docstrings(tree, path.startswith(INTERNAL) or undocumented, undocumented):
        first, last = d.lineno - 1, d.end_lineno - 1  # type: ignore[operator]
        indent = lines[first][: d.col_offset]
        if indent.strip() or lines[last][d.end_col_offset :].strip():  # shares a line with other code: keep
            continue
        docs.append(d)
        for i in range(first, last + 1):
            lines[i] = "\n"
        if not more:
            lines[first] = indent + "pass\n"
    stripped = "".join(lines)
    # comments: tokenize the docstring-free text, cut each comment off its line
    out = stripped.splitlines(keepends=True)
    for tok in tokenize.generate_tokens(io.StringIO(stripped).readline):
        if tok.type == tokenize.COMMENT and not tok.string.startswith(PRAGMAS):
            row, col = tok.start
            out[row - 1] = out[row - 1][:col].rstrip() + "\n"
    result = "".join(out)
    _check_same_program(tree, docs, result, path)
    return result


def _check_same_program(tree: ast.Module, docs: list[ast.Expr], result: str, path: str) -> None:
    """The stripped module must be the original one minus the removed docstrings, statement for statement."""
    removed = {id(d) for d in docs}

    class Drop(ast.NodeTransformer):
        def generic_visit(self, node: ast.AST) -> ast.AST:
            super().generic_visit(node)
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and id(body[0]) in removed:
                node.body = body[1:] or [ast.Pass()]  # type: ignore[attr-defined]
            return node

    expected = ast.dump(Drop().visit(tree))
    got = ast.dump(ast.parse(result))
    if expected != got:
        raise RuntimeError(f"stripping {path} changed its program")


class build_py(_setuptools_build_py):  # type: ignore[misc,valid-type]
    """setuptools' build_py, writing each tfshim module through strip_source (not in editable mode)."""

    def build_module(self, module, module_file, package):  # type: ignore[no-untyped-def]
        outfile, copied = super().build_module(module, module_file, package)
        if copied and str(outfile).endswith(".py") and not getattr(self, "editable_mode", False):
            with open(outfile, encoding="utf-8") as f:
                text = f.read()
            rel = "/".join([*package.split("."), f"{module}.py"]) if isinstance(package, str) else str(module_file)
            with open(outfile, "w", encoding="utf-8") as f:
                f.write(strip_source(text, rel))
        return outfile, copied
