// The AST printer on statements: every statement kind, blocks and
// indentation, elif chains, docstrings, match patterns, comments.
#include <gtest/gtest.h>


#include "ast/ast.hpp"
#include "print/printer.hpp"

#include "ast_printer_checks.hpp"

using Op = Operator;
ExprPtr store(const std::string& id) {
  return mk::name(id, ExprContext::Store);
}

TEST(AstPrinterModule, EmptyModuleIsEmptyText) {
  check_module({}, "");
}

TEST(AstPrinterStmt, SimpleStatements) {
  check_stmt(mk::pass(), "pass");
  check_stmt(mk::expr_stmt(mk::call(n("f"))), "f()");
  check_stmt(mk::global({"a", "b"}), "global a, b");
  check_module({mk::function_def("f", nullptr, {mk::nonlocal({"x"})})}, "def f():\n    nonlocal x\n");
  check_module({mk::while_(mk::boolean(true), {mk::break_(), mk::continue_()})},
               "while True:\n    break\n    continue\n");
}

TEST(AstPrinterStmt, Assignments) {
  check_stmt(mk::assign(store("x"), i(1)), "x = 1");
  check_stmt(mk::assign({store("a"), store("b")}, n("c")), "a = b = c");
  check_stmt(mk::assign(mk::tuple({store("a"), store("b")}), mk::tuple({n("b"), n("a")})), "a, b = b, a");
  check_stmt(mk::assign(mk::tuple({store("a")}), n("x")), "a, = x");
  check_stmt(mk::assign(mk::list({store("a"), store("b")}), n("c")), "[a, b] = c");
  check_stmt(mk::assign(mk::attribute(n("x"), "y", ExprContext::Store), i(1)), "x.y = 1");
  check_stmt(mk::assign(mk::subscript(n("x"), i(0), ExprContext::Store), i(1)), "x[0] = 1");
  check_stmt(mk::assign(mk::tuple({store("a"), mk::starred(store("b"))}), n("c")), "a, *b = c");
  check_stmt(mk::assign(mk::tuple({mk::tuple({store("a"), store("b")}), store("c")}), n("d")), "(a, b), c = d");
  check_stmt(mk::assign(store("x"), mk::yield_()), "x = yield");
  check_stmt(mk::assign(store("x"), mk::yield_(mk::tuple({n("a"), n("b")}))), "x = yield a, b");
  check_stmt(mk::assign(store("x"), mk::yield_from(n("g"))), "x = yield from g");
  check_stmt(mk::assign(store("x"), mk::tuple({mk::starred(n("a")), n("b")})), "x = *a, b");
  check_stmt(mk::assign(store("x"), mk::tuple({mk::tuple({i(1), i(2)}), i(3)})), "x = (1, 2), 3");
  check_stmt(mk::assign(store("y"), mk::named_expr(n("x"), i(1))), "y = (x := 1)");
  check_stmt(mk::assign(store("x"), mk::lambda(nullptr, i(1))), "x = lambda: 1");
}

TEST(AstPrinterStmt, AugmentedAndAnnotatedAssignments) {
  check_stmt(mk::aug_assign(store("x"), Op::Add, i(1)), "x += 1");
  check_stmt(mk::aug_assign(store("x"), Op::Pow, i(2)), "x **= 2");
  check_stmt(mk::aug_assign(store("x"), Op::FloorDiv, n("y")), "x //= y");
  check_stmt(mk::aug_assign(store("x"), Op::MatMult, n("m")), "x @= m");
  check_stmt(mk::aug_assign(mk::attribute(n("x"), "y", ExprContext::Store), Op::BitOr, i(1)), "x.y |= 1");
  check_stmt(mk::aug_assign(store("x"), Op::RShift, mk::yield_()), "x >>= yield");
  check_stmt(mk::aug_assign(store("x"), Op::Add, mk::tuple({i(1), i(2)})), "x += 1, 2");
  check_stmt(mk::ann_assign(store("x"), n("int")), "x: int");
  check_stmt(mk::ann_assign(store("x"), n("int"), i(1)), "x: int = 1");
  check_stmt(mk::ann_assign(store("x"), n("int"), i(1), false), "(x): int = 1");
  check_stmt(mk::ann_assign(mk::attribute(n("x"), "y", ExprContext::Store), n("int"), nullptr, false), "x.y: int");
  check_stmt(mk::ann_assign(store("x"), mk::subscript(n("list"), n("int")), mk::list({})), "x: list[int] = []");
  check_stmt(mk::ann_assign(store("x"), n("T"), mk::tuple({mk::starred(n("a")), n("b")})), "x: T = *a, b");
}

TEST(AstPrinterStmt, DeleteReturnRaiseAssert) {
  check_stmt(mk::delete_({store("a"), store("b")}), "del a, b");
  check_stmt(mk::delete_({mk::tuple({store("a"), store("b")})}), "del (a, b)");
  check_stmt(mk::delete_({mk::subscript(n("a"), i(0)), mk::attribute(n("a"), "b")}), "del a[0], a.b");
  check_module({mk::function_def("f", nullptr,
                                 {mk::return_(), mk::return_(n("x")), mk::return_(mk::tuple({n("a"), n("b")})),
                                  mk::return_(mk::tuple({mk::tuple({n("a"), n("b")}), n("c")})),
                                  mk::return_(mk::tuple({mk::starred(n("a")), n("b")})), mk::return_(mk::tuple({})),
                                  mk::return_(mk::yield_()), mk::return_(mk::named_expr(n("x"), i(1)))})},
               "def f():\n    return\n    return x\n    return a, b\n    return (a, b), c\n    return *a, b\n"
               "    return ()\n    return (yield)\n    return (x := 1)\n");
  check_stmt(mk::raise(), "raise");
  check_stmt(mk::raise(n("E")), "raise E");
  check_stmt(mk::raise(mk::call(n("E"), {n("x")}), mk::none()), "raise E(x) from None");
  check_stmt(mk::raise(n("E"), n("e")), "raise E from e");
  check_stmt(mk::assert_(n("x")), "assert x");
  check_stmt(mk::assert_(n("x"), s("msg")), "assert x, 'msg'");
  check_stmt(mk::assert_(mk::tuple({n("x"), n("y")})), "assert (x, y)");
}

TEST(AstPrinterStmt, YieldStatements) {
  check_module({mk::function_def("g", nullptr,
                                 {mk::expr_stmt(mk::yield_()), mk::expr_stmt(mk::yield_(n("x"))),
                                  mk::expr_stmt(mk::yield_(mk::tuple({n("a"), n("b")}))),
                                  mk::expr_stmt(mk::yield_(mk::tuple({mk::starred(n("a")), n("b")}))),
                                  mk::expr_stmt(mk::yield_from(n("it")))})},
               "def g():\n    yield\n    yield x\n    yield a, b\n    yield *a, b\n    yield from it\n");
}

TEST(AstPrinterStmt, ExpressionStatements) {
  check_stmt(mk::expr_stmt(mk::tuple({n("a"), n("b")})), "a, b");
  check_stmt(mk::expr_stmt(mk::tuple({mk::named_expr(n("x"), i(1)), i(2)})), "(x := 1), 2");
  check_stmt(mk::expr_stmt(mk::named_expr(n("x"), i(1))), "(x := 1)");
  check_stmt(mk::expr_stmt(mk::lambda(nullptr, i(1))), "lambda: 1");
  check_stmt(mk::expr_stmt(mk::dict({}, {})), "{}");
  check_module({mk::expr_stmt(n("x")), mk::expr_stmt(s("not a docstring"))}, "x\n'not a docstring'\n");
}

TEST(AstPrinterStmt, Imports) {
  check_stmt(mk::import({mk::alias("a")}), "import a");
  check_stmt(mk::import({mk::alias("a.b", "c"), mk::alias("d")}), "import a.b as c, d");
  check_stmt(mk::import_from("a", {mk::alias("b")}), "from a import b");
  check_stmt(mk::import_from("a.b", {mk::alias("c", "d"), mk::alias("e")}), "from a.b import c as d, e");
  check_stmt(mk::import_from(std::nullopt, {mk::alias("x")}, 1), "from . import x");
  check_stmt(mk::import_from(std::nullopt, {mk::alias("x")}, 2), "from .. import x");
  check_stmt(mk::import_from("m", {mk::alias("x"), mk::alias("y")}, 2), "from ..m import x, y");
  check_stmt(mk::import_from("a", {mk::alias("*")}), "from a import *");
  check_stmt(mk::import_from("p.q", {mk::alias("r")}, 3), "from ...p.q import r");
}

TEST(AstPrinterStmt, IfElifElse) {
  check_module({mk::if_(n("a"), {mk::pass()})}, "if a:\n    pass\n");
  check_module({mk::if_(n("a"), {mk::expr_stmt(i(1))}, {mk::expr_stmt(i(2))})}, "if a:\n    1\nelse:\n    2\n");
  auto chain = mk::if_(
      n("a"), {mk::expr_stmt(i(1))},
      {mk::if_(n("b"), {mk::expr_stmt(i(2))}, {mk::if_(n("c"), {mk::expr_stmt(i(3))}, {mk::expr_stmt(i(4))})})});
  check_module({chain}, "if a:\n    1\nelif b:\n    2\nelif c:\n    3\nelse:\n    4\n");
  // An else holding an if plus more is not an elif.
  auto not_elif = mk::if_(n("a"), {mk::pass()}, {mk::if_(n("b"), {mk::pass()}), mk::expr_stmt(n("x"))});
  check_module({not_elif}, "if a:\n    pass\nelse:\n    if b:\n        pass\n    x\n");
  check_module({mk::if_(mk::named_expr(n("m"), mk::call(n("f"))), {mk::pass()})}, "if m := f():\n    pass\n");
  check_module({mk::if_(mk::tuple({n("a"), n("b")}), {mk::pass()})}, "if (a, b):\n    pass\n");
  check_module({mk::if_(n("a"), {}, {})}, "if a:\n    pass\n");
}

TEST(AstPrinterStmt, Loops) {
  check_module({mk::for_(store("x"), n("y"), {mk::break_()}, {mk::pass()})},
               "for x in y:\n    break\nelse:\n    pass\n");
  check_module({mk::for_(mk::tuple({store("x")}), n("y"), {mk::pass()})}, "for x, in y:\n    pass\n");
  check_module({mk::for_(mk::tuple({mk::tuple({store("a"), store("b")}), store("c")}), n("d"), {mk::pass()})},
               "for (a, b), c in d:\n    pass\n");
  check_module({mk::for_(store("x"), mk::tuple({n("a"), n("b")}), {mk::pass()})}, "for x in a, b:\n    pass\n");
  check_module({mk::for_(store("x"), mk::tuple({mk::starred(n("a")), n("b")}), {mk::pass()})},
               "for x in (*a, b):\n    pass\n", 8);
  check_module({mk::for_(store("x"), mk::tuple({mk::starred(n("a")), n("b")}), {mk::pass()})},
               "for x in *a, b:\n    pass\n", 9);
  check_module({mk::for_(store("x"), mk::yield_(), {mk::pass()})}, "for x in (yield):\n    pass\n");
  check_module({mk::while_(mk::named_expr(n("x"), mk::call(n("f"))), {mk::pass()}, {mk::expr_stmt(n("x"))})},
               "while x := f():\n    pass\nelse:\n    x\n");
  check_module(
      {mk::async_function_def("f", nullptr, {mk::async_for(store("x"), n("y"), {mk::expr_stmt(mk::await_(n("x")))})})},
      "async def f():\n    async for x in y:\n        await x\n");
}

TEST(AstPrinterStmt, With) {
  check_module({mk::with({mk::with_item(n("a"))}, {mk::pass()})}, "with a:\n    pass\n");
  check_module({mk::with({mk::with_item(n("a"), store("b"))}, {mk::pass()})}, "with a as b:\n    pass\n");
  check_module({mk::with({mk::with_item(n("a"), mk::tuple({store("b"), store("c")}))}, {mk::pass()})},
               "with a as (b, c):\n    pass\n");
  check_module(
      {mk::with({mk::with_item(n("a"), mk::tuple({store("b"), store("c")})), mk::with_item(n("d"))}, {mk::pass()})},
      "with a as (b, c), d:\n    pass\n");
  check_module({mk::with({mk::with_item(n("a"), store("b")), mk::with_item(n("c"), store("d"))}, {mk::pass()})},
               "with a as b, c as d:\n    pass\n");
  check_module({mk::with({mk::with_item(mk::tuple({n("a"), n("b")}))}, {mk::pass()})}, "with ((a, b)):\n    pass\n");
  check_module({mk::with({mk::with_item(mk::tuple({n("a"), n("b")}), store("c"))}, {mk::pass()})},
               "with (a, b) as c:\n    pass\n");
  check_module({mk::with({mk::with_item(mk::attribute(n("a"), "b"), mk::subscript(n("c"), i(0)))}, {mk::pass()})},
               "with a.b as c[0]:\n    pass\n");
  check_module({mk::async_function_def("f", nullptr,
                                       {mk::async_with({mk::with_item(mk::call(n("a")), store("b"))}, {mk::pass()})})},
               "async def f():\n    async with a() as b:\n        pass\n");
}

TEST(AstPrinterStmt, Try) {
  auto t = mk::try_({mk::expr_stmt(mk::call(n("f")))},
                    {mk::except_handler(n("ValueError"), std::nullopt, {mk::pass()}),
                     mk::except_handler(mk::tuple({n("A"), n("B")}), "e", {mk::raise()}),
                     mk::except_handler(nullptr, std::nullopt, {mk::pass()})},
                    {mk::expr_stmt(n("ok"))}, {mk::expr_stmt(n("done"))});
  check_module({t},
               "try:\n    f()\nexcept ValueError:\n    pass\nexcept (A, B) as e:\n    raise\nexcept:\n    pass\n"
               "else:\n    ok\nfinally:\n    done\n");
  check_module({mk::try_({mk::pass()}, {}, {}, {mk::pass()})}, "try:\n    pass\nfinally:\n    pass\n");
  auto star = mk::try_star({mk::pass()}, {mk::except_handler(n("ValueError"), "eg", {mk::pass()}),
                                          mk::except_handler(mk::tuple({n("A"), n("B")}), std::nullopt, {})});
  check_module({star}, "try:\n    pass\nexcept* ValueError as eg:\n    pass\nexcept* (A, B):\n    pass\n", 11);
}

TEST(AstPrinterStmt, FunctionDefinitions) {
  check_module({mk::function_def("f", nullptr, {})}, "def f():\n    pass\n");
  auto args = std::make_shared<Arguments>();
  args->posonlyargs = {mk::arg("a"), mk::arg("b")};
  args->args = {mk::arg("c")};
  args->defaults = {i(1), i(2)};
  args->kwonlyargs = {mk::arg("d"), mk::arg("e")};
  args->kw_defaults = {nullptr, i(3)};
  args->kwarg = mk::arg("f");
  check_module({mk::function_def("g", args, {mk::pass()})}, "def g(a, b=1, /, c=2, *, d, e=3, **f):\n    pass\n");
  auto kwonly = std::make_shared<Arguments>();
  kwonly->kwonlyargs = {mk::arg("a")};
  kwonly->kw_defaults = {nullptr};
  check_module({mk::function_def("g", kwonly, {mk::pass()})}, "def g(*, a):\n    pass\n");
  auto annotated = std::make_shared<Arguments>();
  annotated->args = {mk::arg("x", n("int"))};
  annotated->defaults = {i(0)};
  annotated->vararg = mk::arg("args", n("int"));
  annotated->kwarg = mk::arg("kw", n("str"));
  check_module({mk::function_def("g", annotated, {mk::pass()}, {}, mk::none())},
               "def g(x: int = 0, *args: int, **kw: str) -> None:\n    pass\n");
  check_module({mk::function_def("g", mk::arguments({mk::arg("x", mk::ifexp(n("c"), n("a"), n("b")))}), {mk::pass()},
                                 {}, mk::tuple({n("a"), n("b")}))},
               "def g(x: a if c else b) -> (a, b):\n    pass\n");
}

TEST(AstPrinterStmt, DecoratorsAndAsync) {
  check_module({mk::function_def("f", nullptr, {mk::pass()},
                                 {n("d"), mk::call(mk::attribute(n("a"), "b"), {i(1)}), mk::attribute(n("x"), "y")})},
               "@d\n@a.b(1)\n@x.y\ndef f():\n    pass\n");
  check_module({mk::function_def("f", nullptr, {mk::pass()}, {mk::named_expr(n("x"), n("y"))})},
               "@x := y\ndef f():\n    pass\n", 9);
  check_module({mk::async_function_def("f", mk::arguments({mk::arg("x")}),
                                       {mk::return_(mk::await_(mk::call(n("g"), {n("x")})))})},
               "async def f(x):\n    return await g(x)\n");
}

TEST(AstPrinterStmt, TypeParameters) {
  auto f = mk::function_def("f", mk::arguments({mk::arg("x", n("T"))}), {mk::return_(n("x"))}, {}, n("T"));
  f->type_params = {mk::type_var("T", n("int")), mk::type_var_tuple("Ts"), mk::param_spec("P")};
  check_module({f}, "def f[T: int, *Ts, **P](x: T) -> T:\n    return x\n", 12);
  auto c = mk::class_def("C", {n("Base")}, {}, {mk::pass()});
  c->type_params = {mk::type_var("T")};
  check_module({c}, "class C[T](Base):\n    pass\n", 12);
  check_stmt(mk::type_alias(n("X"), {}, n("int")), "type X = int", 12);
  check_stmt(mk::type_alias(n("L"), {mk::type_var("T")}, mk::subscript(n("list"), n("T"))), "type L[T] = list[T]", 12);
  auto d = mk::function_def("g", nullptr, {mk::pass()});
  d->type_params = {mk::type_var("T", nullptr, n("int"))};
  check_module({d}, "def g[T = int]():\n    pass\n", 13);
}

TEST(AstPrinterStmt, ClassDefinitions) {
  check_module({mk::class_def("A", {}, {}, {})}, "class A:\n    pass\n");
  check_module({mk::class_def("A", {n("B"), n("C")}, {}, {mk::pass()})}, "class A(B, C):\n    pass\n");
  check_module({mk::class_def("A", {n("B")}, {mk::keyword("metaclass", n("M"))}, {mk::pass()})},
               "class A(B, metaclass=M):\n    pass\n");
  check_module({mk::class_def("A", {mk::starred(n("bases"))}, {mk::double_star(n("kw"))}, {mk::pass()})},
               "class A(*bases, **kw):\n    pass\n");
  auto method = mk::function_def("m", mk::arguments({mk::arg("self")}), {mk::return_(mk::attribute(n("self"), "x"))});
  check_module({mk::class_def("A", {}, {}, {mk::expr_stmt(s("Doc.")), method}, {n("dataclass")})},
               "@dataclass\nclass A:\n    \"\"\"Doc.\"\"\"\n    def m(self):\n        return self.x\n");
}

TEST(AstPrinterStmt, Docstrings) {
  check_module({mk::expr_stmt(s("Module doc."))}, "\"\"\"Module doc.\"\"\"\n");
  check_module({mk::function_def("f", nullptr, {mk::expr_stmt(s("Line one.\n\n    More.\n    "))})},
               "def f():\n    \"\"\"Line one.\n\n    More.\n    \"\"\"\n");
  check_module({mk::expr_stmt(s("say \"hi\""))}, "'''say \"hi\"'''\n");
  check_module({mk::expr_stmt(s("back\\slash"))}, "'back\\\\slash'\n");
  check_module({mk::expr_stmt(s("a\"\"\"b'''c"))}, "'a\"\"\"b\\'\\'\\'c'\n");
  check_module({mk::expr_stmt(s("tab\there"))}, "\"\"\"tab\there\"\"\"\n");
  check_module({mk::expr_stmt(s("cr\r"))}, "'cr\\r'\n");
}

TEST(AstPrinterStmt, NestedBlocksAndIndentation) {
  auto body = mk::for_(store("i"), mk::call(n("range"), {i(3)}),
                       {mk::if_(mk::compare(n("i"), CmpOp::Eq, i(1)), {mk::continue_()}), mk::expr_stmt(n("i"))});
  auto f = mk::function_def("f", nullptr, {body});
  check_module({f}, "def f():\n    for i in range(3):\n        if i == 1:\n            continue\n        i\n");
  PrintOptions tabs;
  tabs.indent = "\t";
  Module m{{f}};
  EXPECT_EQ(depyf::print::print_module(m, tabs),
            "def f():\n\tfor i in range(3):\n\t\tif i == 1:\n\t\t\tcontinue\n\t\ti\n");
  EXPECT_EQ(depyf::print::print_stmt(*mk::pass(), {}, 2), "        pass\n");
}

TEST(AstPrinterStmt, Comments) {
  Module m{{mk::comment("could not recover this loop"), mk::comment("two\nlines"), mk::comment(""), mk::pass()}};
  EXPECT_EQ(depyf::print::print_module(m), "# could not recover this loop\n# two\n# lines\n#\npass\n");
  Module nested{{mk::if_(n("a"), {mk::comment("inside"), mk::pass()})}};
  EXPECT_EQ(depyf::print::print_module(nested), "if a:\n    # inside\n    pass\n");
}

// ---- match ----

StmtPtr match1(PatternPtr p, ExprPtr guard = nullptr) {
  return mk::match(n("x"), {mk::match_case(std::move(p), std::move(guard), {mk::pass()})});
}
std::string case_text(const std::string& pattern) {
  return "match x:\n    case " + pattern + ":\n        pass\n";
}

TEST(AstPrinterMatch, ValuesAndSingletons) {
  check_module({match1(mk::match_value(i(1)))}, case_text("1"), 10);
  check_module({match1(mk::match_value(i(-1)))}, case_text("-1"), 10);
  check_module({match1(mk::match_value(mk::unaryop(UnaryOperator::USub, i(1))))}, case_text("-1"), 10);
  check_module({match1(mk::match_value(mk::binop(i(1), Operator::Add, mk::complex_(0, 2))))}, case_text("1 + 2j"), 10);
  check_module({match1(mk::match_value(s("a")))}, case_text("'a'"), 10);
  check_module({match1(mk::match_value(mk::attribute(mk::attribute(n("a"), "b"), "c")))}, case_text("a.b.c"), 10);
  check_module({match1(mk::match_singleton(depyf::Constant::make_none()))}, case_text("None"), 10);
  check_module({match1(mk::match_singleton(depyf::Constant::make_bool(true)))}, case_text("True"), 10);
}

TEST(AstPrinterMatch, Captures) {
  check_module({match1(mk::match_as())}, case_text("_"), 10);
  check_module({match1(mk::match_as(nullptr, "y"))}, case_text("y"), 10);
  check_module({match1(mk::match_as(mk::match_value(i(1)), "y"))}, case_text("1 as y"), 10);
  check_module({match1(mk::match_as(mk::match_or({mk::match_value(i(1)), mk::match_value(i(2))}), "y"))},
               case_text("1 | 2 as y"), 10);
  check_module({match1(mk::match_as(mk::match_as(mk::match_value(i(1)), "a"), "b"))}, case_text("(1 as a) as b"), 10);
  check_module({match1(mk::match_as(nullptr, "y"), mk::compare(n("y"), CmpOp::Gt, i(0)))},
               "match x:\n    case y if y > 0:\n        pass\n", 10);
  check_module({match1(mk::match_as(nullptr, "y"), mk::named_expr(n("z"), n("y")))},
               "match x:\n    case y if z := y:\n        pass\n", 10);
}

TEST(AstPrinterMatch, OrPatterns) {
  check_module({match1(mk::match_or({mk::match_value(s("a")), mk::match_value(s("b"))}))}, case_text("'a' | 'b'"), 10);
  check_module(
      {match1(mk::match_or({mk::match_as(mk::match_value(i(1)), "v"), mk::match_as(mk::match_value(i(2)), "v")}))},
      case_text("(1 as v) | (2 as v)"), 10);
  check_module(
      {match1(mk::match_or({mk::match_or({mk::match_value(i(1)), mk::match_value(i(2))}), mk::match_value(i(3))}))},
      case_text("(1 | 2) | 3"), 10);
}

TEST(AstPrinterMatch, Sequences) {
  check_module(
      {match1(mk::match_sequence({mk::match_as(nullptr, "a"), mk::match_as(nullptr, "b"), mk::match_star("rest")}))},
      case_text("[a, b, *rest]"), 10);
  check_module({match1(mk::match_sequence({mk::match_star()}))}, case_text("[*_]"), 10);
  check_module({match1(mk::match_sequence({}))}, case_text("[]"), 10);
  check_module({match1(mk::match_sequence({mk::match_as(nullptr, "a")}))}, case_text("[a]"), 10);
  check_module({match1(mk::match_sequence({mk::match_as(mk::match_value(i(1)), "a"),
                                           mk::match_or({mk::match_value(i(2)), mk::match_value(i(3))})}))},
               case_text("[1 as a, 2 | 3]"), 10);
}

TEST(AstPrinterMatch, MappingsAndClasses) {
  check_module({match1(mk::match_mapping({s("k"), i(1)}, {mk::match_as(nullptr, "v"), mk::match_as()}, "rest"))},
               case_text("{'k': v, 1: _, **rest}"), 10);
  check_module({match1(mk::match_mapping({}, {}, "rest"))}, case_text("{**rest}"), 10);
  check_module({match1(mk::match_mapping({}, {}))}, case_text("{}"), 10);
  check_module(
      {match1(mk::match_class(n("Point"), {}, {"x", "y"}, {mk::match_value(i(0)), mk::match_as(nullptr, "yy")}))},
      case_text("Point(x=0, y=yy)"), 10);
  check_module({match1(mk::match_class(mk::attribute(n("m"), "P"), {mk::match_value(i(1)), mk::match_as(nullptr, "b")},
                                       {"z"}, {mk::match_as(mk::match_value(i(2)), "c")}))},
               case_text("m.P(1, b, z=2 as c)"), 10);
  check_module({match1(mk::match_class(n("C"), {}))}, case_text("C()"), 10);
}

TEST(AstPrinterMatch, SubjectsAndSeveralCases) {
  auto m = mk::match(
      mk::tuple({n("a"), n("b")}),
      {mk::match_case(mk::match_sequence({mk::match_value(i(1)), mk::match_as()}), nullptr, {mk::expr_stmt(i(1))}),
       mk::match_case(mk::match_as(), nullptr, {mk::expr_stmt(i(2))})});
  check_module({m}, "match a, b:\n    case [1, _]:\n        1\n    case _:\n        2\n", 10);
  check_module({mk::match(mk::named_expr(n("y"), mk::call(n("f"))), {mk::match_case(mk::match_as(), nullptr, {})})},
               "match y := f():\n    case _:\n        pass\n", 10);
  EXPECT_EQ(depyf::print::print_pattern(*mk::match_or({mk::match_value(i(1)), mk::match_star("x")})), "1 | *x");
}

TEST(AstPrinterDump, ProducesAstConstructorSyntax) {
  EXPECT_EQ(dump(*mk::binop(n("a"), Operator::Add, i(1))),
            "BinOp(left=Name(id='a'), op=Add(), right=Constant(value=1))");
  EXPECT_EQ(dump(*mk::complex_(0.0, -0.0)), "Constant(value=complex(0.0, -0.0))");
  EXPECT_EQ(dump(Module{{mk::pass()}}), "Module(body=[Pass()], type_ignores=[])");
}

}  // namespace
