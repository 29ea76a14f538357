"""AutoGraph's trace-time effects on Python control flow (TF: python/autograph/).

TF rewrites a tf.function's `if`/`for`/`while` into calls that, when the condition or the iterable
is a tensor, build graph control flow: both branches of an `if` are traced (body, then orelse),
and a loop's body is traced once, whatever the number of iterations. So the Python side effects
of a trace (`print`, list appends) happen once per branch and once per loop body.

tfshim traces by running the function on real values (framework/func_graph.py). While it traces,
it runs a rewritten copy of the function in which such statements call `if_stmt`/`for_stmt`/
`while_stmt` below: the branch the value selects runs for real; the other branch runs too, in
TF's order, for its Python effects only (its variable writes, tensor values and variable updates
are undone; kernel errors there are ignored, as TF's graph would not run it). A tensor loop runs
every iteration (the values need them), with writes to sys.stdout kept for the first iteration
only. Statements containing `return`, `break`, `continue` or `yield`, and functions whose source
cannot be read, are left as Python runs them.
"""

from __future__ import annotations

import ast
import contextlib
import functools
import inspect
import io
import sys
import textwrap
import types
from collections.abc import Callable, Iterator
from typing import Any

# ----- runtime: what the rewritten code calls ------------------------------------------------------


class _Undefined:
    """A variable first assigned inside a converted statement (TF: ag__.Undefined)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return f"Undefined({self.name})"


def _is_staged(value: Any) -> bool:
    """True for what TF turns into graph control flow: a tensor (or a tf.data.Dataset) while tracing."""
    from tfshim.data.ops.dataset_ops import DatasetV2
    from tfshim.framework import func_graph
    from tfshim.framework.tensor import Tensor

    return func_graph.current() is not None and isinstance(value, (Tensor, DatasetV2))


class _Quiet(io.TextIOBase):
    def write(self, s: str) -> int:
        return len(s)

    def writable(self) -> bool:
        return True


@contextlib.contextmanager
def _quiet_stdout() -> Iterator[None]:
    saved = sys.stdout
    sys.stdout = _Quiet()
    try:
        yield
    finally:
        sys.stdout = saved


def _speculatively(run: Callable[[], None], get_state: Callable[[], tuple],
                   set_state: Callable[[tuple], None]) -> None:
    """Runs code TF would trace but not run: its Python effects stay, its variable writes and its
    writes to tf.Variables are undone, and errors from kernels (values TF's graph would not see) are
    ignored."""
    from tfshim.framework import errors, func_graph

    g = func_graph.current()
    state = get_state()
    shadow = dict(g.shadow) if g is not None else None
    try:
        run()
    except errors.OpError:
        pass
    finally:
        set_state(state)
        if g is not None:
            g.shadow.clear()
            g.shadow.update(shadow)


def if_stmt(cond: Any, body: Callable[[], None], orelse: Callable[[], None], get_state: Callable[[], tuple],
            set_state: Callable[[tuple], None]) -> None:
    """TF: ag__.if_stmt. A tensor condition traces the body, then the else branch."""
    if not _is_staged(cond):
        if cond:
            body()
        else:
            orelse()
        return
    if bool(cond):
        body()
        _speculatively(orelse, get_state, set_state)
    else:
        _speculatively(body, get_state, set_state)
        orelse()


def for_stmt(iterated: Any, body: Callable[[Any], None], get_state: Callable[[], tuple],
             set_state: Callable[[tuple], None]) -> None:
    """TF: ag__.for_stmt. Over a tensor or dataset, the body is traced once."""
    if not _is_staged(iterated):
        for item in iterated:
            body(item)
        return
    first = True
    for item in iterated:
        if first:
            first = False
            body(item)
        else:
            with _quiet_stdout():
                body(item)
    if first:  # no iteration: TF still traces the body, on a symbolic element
        element = _zeros_element(iterated)
        if element is not None:
            _speculatively(lambda: body(element), get_state, set_state)


def _zeros_element(iterated: Any) -> Any:
    from tfshim.framework.tensor import Tensor

    if isinstance(iterated, Tensor) and iterated.shape.rank:
        import tfshim as tf

        return tf.zeros(iterated.shape[1:], iterated.dtype)
    return None


def while_stmt(test: Callable[[], Any], body: Callable[[], None], get_state: Callable[[], tuple],
               set_state: Callable[[tuple], None]) -> None:
    """TF: ag__.while_stmt. With a tensor condition, the test and the body are traced once."""
    cond = test()
    if not _is_staged(cond):
        while cond:
            body()
            cond = test()
        return
    if not bool(cond):
        _speculatively(body, get_state, set_state)
        return
    body()
    with _quiet_stdout():
        while test():
            body()


ag__ = types.SimpleNamespace(if_stmt=if_stmt, for_stmt=for_stmt, while_stmt=while_stmt, Undefined=_Undefined)


# ----- the rewrite -----------------------------------------------------------------------------------

_JUMPS = (ast.Return, ast.Break, ast.Continue, ast.Yield, ast.YieldFrom, ast.Await, ast.Nonlocal, ast.Global)


def _has_jump(nodes: list) -> bool:
    for node in nodes:
        for sub in ast.walk(node):
            if isinstance(sub, _JUMPS):
                return True
            if isinstance(sub, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)) and sub is not node:
                continue
    return False


def _assigned(nodes: list) -> list[str]:
    """Names bound by these statements (not inside nested functions or classes), in order."""
    out: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out.append(node.name)
            return
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            out.append(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            out.extend((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
            out.append(node.target.id)
        for child in ast.iter_child_nodes(node):
            visit(child)

    for n in nodes:
        visit(n)
    return list(dict.fromkeys(out))


class _Converter(ast.NodeTransformer):
    def __init__(self, global_names: set) -> None:
        self.global_names = global_names
        self.counter = 0
        self.converted = 0

    def _fresh(self, base: str) -> str:
        self.counter += 1
        return f"{base}_{self.counter}"

    def visit_FunctionDef(self, node: ast.FunctionDef) -> Any:
        return node  # nested functions keep their own semantics (TF converts them when called)

    visit_AsyncFunctionDef = visit_FunctionDef  # type: ignore[assignment]

    def visit_ClassDef(self, node: ast.ClassDef) -> Any:
        return node

    def _state_functions(self, names: list[str]) -> tuple[list[ast.stmt], str, str]:
        get_name, set_name = self._fresh("get_state"), self._fresh("set_state")
        local = [n for n in names if n not in self.global_names]
        decl = []
        if local:
            decl.append(f"    nonlocal {', '.join(local)}")
        glob = [n for n in names if n in self.global_names]
        if glob:
            decl.append(f"    global {', '.join(glob)}")
        tup = "(" + "".join(f"{n}, " for n in names) + ")"
        src = f"def {get_name}():\n    return {tup}\n"
        src += f"def {set_name}(vars_):\n" + "\n".join(decl) + ("\n" if decl else "")
        src += f"    {tup} = vars_\n" if names else "    pass\n"
        init = "".join(
            f"try:\n    {n}\nexcept NameError:\n    {n} = ag__.Undefined({n!r})\n" for n in names)
        return ast.parse(init + src).body, get_name, set_name

    def _body_function(self, name: str, args: list[str], stmts: list[ast.stmt], names: list[str]) -> ast.FunctionDef:
        header = f"def {name}({', '.join(args)}):\n"
        local = [n for n in names if n not in self.global_names and n not in args]
        glob = [n for n in names if n in self.global_names]
        lines = []
        if local:
            lines.append(f"    nonlocal {', '.join(local)}")
        if glob:
            lines.append(f"    global {', '.join(glob)}")
        fn = ast.parse(header + ("\n".join(lines) + "\n" if lines else "") + "    pass\n").body[0]
        assert isinstance(fn, ast.FunctionDef)
        fn.body = fn.body[:-1] + (stmts or [ast.Pass()])
        return fn

    def visit_If(self, node: ast.If) -> Any:
        jumps = _has_jump(node.body + node.orelse)  # of the source, before inner statements are rewritten
        self.generic_visit(node)
        if jumps:
            return node
        names = _assigned(node.body + node.orelse)
        state, get_name, set_name = self._state_functions(names)
        body_name, else_name = self._fresh("if_body"), self._fresh("else_body")
        body = self._body_function(body_name, [], node.body, names)
        orelse = self._body_function(else_name, [], node.orelse, names)
        call = ast.parse(f"ag__.if_stmt(None, {body_name}, {else_name}, {get_name}, {set_name})").body[0]
        call.value.args[0] = node.test  # type: ignore[attr-defined]
        self.converted += 1
        return [*state, body, orelse, call]

    def visit_For(self, node: ast.For) -> Any:
        jumps = _has_jump(node.body)
        self.generic_visit(node)
        if node.orelse or jumps:
            return node
        target_names = _assigned([ast.Assign(targets=[node.target], value=ast.Constant(None))])
        names = [n for n in _assigned(node.body) if n not in target_names]
        state, get_name, set_name = self._state_functions(names + target_names)
        body_name, item = self._fresh("loop_body"), self._fresh("itr")
        assign = ast.Assign(targets=[node.target], value=ast.Name(item, ast.Load()))
        body = self._body_function(body_name, [item], [assign, *node.body], names + target_names)
        call = ast.parse(f"ag__.for_stmt(None, {body_name}, {get_name}, {set_name})").body[0]
        call.value.args[0] = node.iter  # type: ignore[attr-defined]
        self.converted += 1
        return [*state, body, call]

    def visit_While(self, node: ast.While) -> Any:
        jumps = _has_jump(node.body)
        self.generic_visit(node)
        if node.orelse or jumps:
            return node
        names = _assigned(node.body)
        state, get_name, set_name = self._state_functions(names)
        test_name, body_name = self._fresh("loop_test"), self._fresh("loop_body")
        test = ast.parse(f"def {test_name}():\n    return None\n").body[0]
        test.body[0].value = node.test  # type: ignore[attr-defined]
        body = self._body_function(body_name, [], node.body, names)
        call = ast.parse(f"ag__.while_stmt({test_name}, {body_name}, {get_name}, {set_name})").body[0]
        self.converted += 1
        return [*state, test, body, call]


_cache: dict = {}


def converted(fn: Callable) -> Callable:
    """`fn` with its control flow rewritten as above, or `fn` itself where nothing is converted."""
    if isinstance(fn, functools.partial):
        inner = converted(fn.func)
        return fn if inner is fn.func else functools.partial(inner, *fn.args, **fn.keywords)
    target = getattr(fn, "__func__", fn)
    if not isinstance(target, types.FunctionType):
        return fn
    key = target.__code__
    if key not in _cache:
        try:
            _cache[key] = _convert(target)
        except Exception:  # noqa: BLE001 - any source the rewrite cannot handle runs unconverted
            _cache[key] = None
    code = _cache[key]
    if code is None:
        return fn
    new = types.FunctionType(code, target.__globals__, target.__name__, target.__defaults__,
                             _closure(code, target))
    new.__kwdefaults__ = target.__kwdefaults__
    return types.MethodType(new, fn.__self__) if isinstance(fn, types.MethodType) else new


def _closure(code: types.CodeType, original: types.FunctionType) -> tuple | None:
    cells = dict(zip(original.__code__.co_freevars, original.__closure__ or ()))
    out = []
    for name in code.co_freevars:
        if name == "ag__":
            out.append(types.CellType(ag__))
        else:
            out.append(cells[name])
    return tuple(out) if out else None


def _convert(fn: types.FunctionType) -> types.CodeType | None:
    """The code object of the rewritten function (free variables: the original's, then ag__), or None."""
    if fn.__name__ == "<lambda>" or inspect.isgeneratorfunction(fn) or inspect.iscoroutinefunction(fn):
        return None
    source = textwrap.dedent(inspect.getsource(fn))
    tree = ast.parse(source)
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef) or fdef.name != fn.__name__:
        return None
    fdef.decorator_list = []
    global_names = {n for node in ast.walk(fdef) if isinstance(node, ast.Global) for n in node.names}
    converter = _Converter(global_names)
    fdef.body = [converter.visit(stmt) if not isinstance(stmt, ast.Global) else stmt for stmt in fdef.body]
    fdef.body = [s for stmt in fdef.body for s in (stmt if isinstance(stmt, list) else [stmt])]
    if not converter.converted:
        return None
    # The rewritten function is compiled inside a factory taking its free variables (and ag__),
    # so they stay free variables and can be given the original closure's cells.
    freevars = [*fn.__code__.co_freevars, "ag__"]
    factory = ast.parse(f"def __ag_factory({', '.join(freevars)}):\n    return None\n").body[0]
    assert isinstance(factory, ast.FunctionDef)
    factory.body = [fdef, ast.Return(ast.Name(fdef.name, ast.Load()))]
    module = ast.Module(body=[factory], type_ignores=[])
    ast.fix_missing_locations(module)
    ast.increment_lineno(module, fn.__code__.co_firstlineno - 1)
    code = compile(module, fn.__code__.co_filename, "exec")
    factory_code = next(c for c in code.co_consts if isinstance(c, types.CodeType))
    return next(c for c in factory_code.co_consts if isinstance(c, types.CodeType) and c.co_name == fn.__name__)
