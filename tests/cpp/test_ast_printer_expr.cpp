// The AST printer on expressions: constants, precedence and parentheses.
// Every expected text was checked with CPython (ast.unparse for the canonical
// form); reparsing each text gives the same tree: run with
// DEPYF_AST_PRINTER_CASES set to collect the cases for that check.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "ast/ast.hpp"
#include "print/printer.hpp"

#include "ast_printer_checks.hpp"

using BO = BinOp;
using Op = Operator;
using UOp = UnaryOperator;
constexpr double kInf = std::numeric_limits<double>::infinity();

ExprPtr bin(ExprPtr l, Op op, ExprPtr r) {
  return mk::binop(std::move(l), op, std::move(r));
}
ExprPtr neg(ExprPtr x) {
  return mk::unaryop(UOp::USub, std::move(x));
}

// ---- constants ----

TEST(AstPrinterConstant, Singletons) {
  check_expr(mk::none(), "None");
  check_expr(mk::boolean(true), "True");
  check_expr(mk::boolean(false), "False");
  check_expr(mk::ellipsis(), "...");
}

TEST(AstPrinterConstant, Integers) {
  check_expr(i(0), "0");
  check_expr(i(123), "123");
  check_expr(mk::int_(std::string("123456789012345678901234567890")), "123456789012345678901234567890");
  check_expr(i(-5), "-5");
}

TEST(AstPrinterConstant, Floats) {
  check_expr(mk::float_(1.0), "1.0");
  check_expr(mk::float_(0.1), "0.1");
  check_expr(mk::float_(1e16), "1e+16");
  check_expr(mk::float_(1e-7), "1e-07");
  check_expr(mk::float_(-0.0), "-0.0");
  check_expr(mk::float_(-2.5), "-2.5");
}

TEST(AstPrinterConstant, InfinityAndNan) {
  check_expr(mk::float_(kInf), "1e309");
  check_expr(mk::float_(-kInf), "-1e309");
  check_expr(mk::float_(std::nan("")), "(1e309-1e309)");
  check_expr(bin(mk::float_(std::nan("")), Op::Mult, i(2)), "(1e309-1e309) * 2");
  check_expr(bin(mk::float_(-kInf), Op::Pow, i(2)), "(-1e309) ** 2");
}

TEST(AstPrinterConstant, Complex) {
  check_expr(mk::complex_(0.0, 1.0), "1j");
  check_expr(mk::complex_(0.0, 0.0), "0j");
  check_expr(mk::complex_(1.0, 2.0), "(1+2j)");
  check_expr(mk::complex_(1.0, -2.0), "(1-2j)");
  check_expr(mk::complex_(-1.5, 0.0), "(-1.5+0j)");
  check_expr(mk::complex_(-0.0, -2.0), "-2j");
  check_expr(mk::complex_(0.0, -2.0), "(0-2j)");
  check_expr(mk::complex_(0.0, kInf), "1e309j");
  // No folded literal gives complex(1, -0.0): an equal value, but a call.
  EXPECT_EQ(depyf::print::print_expr(*mk::complex_(1.0, -0.0)), "complex(1.0, -0.0)");
}

TEST(AstPrinterConstant, ComplexInBinaryContext) {
  check_expr(bin(mk::complex_(1.0, 2.0), Op::Mult, n("x")), "(1+2j) * x");
  check_expr(bin(i(1), Op::Add, mk::complex_(0.0, 2.0)), "1 + 2j");
  check_expr(bin(mk::complex_(-0.0, -1.0), Op::Pow, i(2)), "(-1j) ** 2");
  check_expr(mk::attribute(mk::complex_(0.0, 1.0), "imag"), "1j.imag");
}

TEST(AstPrinterConstant, Strings) {
  check_expr(s("abc"), "'abc'");
  check_expr(s(""), "''");
  check_expr(s("it's"), "\"it's\"");
  check_expr(s("a'b\"c"), "'a\\'b\"c'");
  check_expr(s("a\nb\tc\\"), "'a\\nb\\tc\\\\'");
  check_expr(s("caf\xc3\xa9"), "'caf\xc3\xa9'");
  check_expr(s(std::string("\0", 1)), "'\\x00'");
}

TEST(AstPrinterConstant, UnicodePrefixIsKept) {
  auto c = s("x");
  c->kind_prefix = "u";
  check_expr(c, "u'x'");
}

TEST(AstPrinterConstant, Bytes) {
  check_expr(mk::bytes("abc"), "b'abc'");
  check_expr(mk::bytes(std::string("\xff\x00", 2)), "b'\\xff\\x00'");
  check_expr(mk::bytes("it's"), "b\"it's\"");
}

TEST(AstPrinterConstant, Tuples) {
  using K = depyf::Constant::Kind;
  auto c = [](std::vector<depyf::ConstantPtr> items) {
    return mk::constant(depyf::Constant::make_sequence(K::Tuple, std::move(items)));
  };
  check_expr(c({depyf::Constant::make_int("1"), depyf::Constant::make_int("2")}), "(1, 2)");
  check_expr(c({depyf::Constant::make_int("1")}), "(1,)");
  check_expr(c({}), "()");
  check_expr(
      c({depyf::Constant::make_sequence(K::Tuple, {depyf::Constant::make_int("1"), depyf::Constant::make_str("a")}),
         depyf::Constant::make_int("-2")}),
      "((1, 'a'), -2)");
}

TEST(AstPrinterConstant, FrozenSetsPrintAsSetDisplays) {
  using K = depyf::Constant::Kind;
  auto fs = mk::constant(
      depyf::Constant::make_sequence(K::FrozenSet, {depyf::Constant::make_int("1"), depyf::Constant::make_int("2")}));
  EXPECT_EQ(depyf::print::print_expr(*mk::compare(n("x"), CmpOp::In, fs)), "x in {1, 2}");
  EXPECT_EQ(depyf::print::print_expr(*mk::constant(depyf::Constant::make_sequence(K::FrozenSet, {}))), "frozenset()");
}

TEST(AstPrinterConstant, OpaqueConstants) {
  auto opaque = mk::constant(depyf::Constant::make_opaque(3, "<object at 0x1>"));
  EXPECT_EQ(depyf::print::print_expr(*opaque), "__depyf_opaque_3");
  PrintOptions options;
  options.opaque_constant = [](const depyf::Constant& c) { return "__consts[" + std::to_string(c.opaque_index) + "]"; };
  EXPECT_EQ(depyf::print::print_expr(*mk::attribute(opaque, "x"), options), "__consts[3].x");
}

// ---- arithmetic precedence ----

TEST(AstPrinterPrecedence, PowerAndUnaryMinus) {
  check_expr(neg(bin(n("x"), Op::Pow, n("y"))), "-x ** y");
  check_expr(bin(neg(n("x")), Op::Pow, n("y")), "(-x) ** y");
  check_expr(bin(i(2), Op::Pow, neg(i(1))), "2 ** -1");
  check_expr(bin(i(2), Op::Pow, i(-1)), "2 ** -1");
  check_expr(bin(i(-1), Op::Pow, i(2)), "(-1) ** 2");
  check_expr(bin(mk::float_(-0.0), Op::Pow, i(2)), "(-0.0) ** 2");
  check_expr(bin(n("a"), Op::Pow, bin(n("b"), Op::Pow, n("c"))), "a ** b ** c");
  check_expr(bin(bin(n("a"), Op::Pow, n("b")), Op::Pow, n("c")), "(a ** b) ** c");
  check_expr(bin(n("a"), Op::Pow, neg(bin(n("b"), Op::Pow, n("c")))), "a ** -b ** c");
}

TEST(AstPrinterPrecedence, LeftAssociativity) {
  check_expr(bin(bin(n("a"), Op::Sub, n("b")), Op::Sub, n("c")), "a - b - c");
  check_expr(bin(n("a"), Op::Sub, bin(n("b"), Op::Sub, n("c"))), "a - (b - c)");
  check_expr(bin(n("a"), Op::Div, bin(n("b"), Op::Mult, n("c"))), "a / (b * c)");
  check_expr(bin(bin(n("a"), Op::Div, n("b")), Op::Mult, n("c")), "a / b * c");
  check_expr(bin(n("a"), Op::Add, bin(n("b"), Op::Add, n("c"))), "a + (b + c)");
}

TEST(AstPrinterPrecedence, MixedOperators) {
  check_expr(bin(n("a"), Op::Mult, bin(n("b"), Op::Add, n("c"))), "a * (b + c)");
  check_expr(bin(bin(n("a"), Op::Add, n("b")), Op::Mult, n("c")), "(a + b) * c");
  check_expr(bin(n("a"), Op::Add, bin(n("b"), Op::Mult, n("c"))), "a + b * c");
  check_expr(bin(n("a"), Op::BitOr, bin(n("b"), Op::BitAnd, n("c"))), "a | b & c");
  check_expr(bin(bin(n("a"), Op::BitOr, n("b")), Op::BitAnd, n("c")), "(a | b) & c");
  check_expr(bin(n("a"), Op::BitXor, bin(n("b"), Op::BitOr, n("c"))), "a ^ (b | c)");
  check_expr(bin(n("a"), Op::LShift, bin(n("b"), Op::Add, n("c"))), "a << b + c");
  check_expr(bin(bin(n("a"), Op::LShift, n("b")), Op::Add, n("c")), "(a << b) + c");
  check_expr(bin(n("a"), Op::MatMult, n("b")), "a @ b");
  check_expr(bin(n("a"), Op::FloorDiv, bin(n("b"), Op::Mod, n("c"))), "a // (b % c)");
  check_expr(bin(bin(n("a"), Op::RShift, n("b")), Op::BitAnd, n("c")), "a >> b & c");
}

TEST(AstPrinterPrecedence, UnaryOperators) {
  check_expr(neg(neg(n("x"))), "--x");
  check_expr(mk::unaryop(UOp::Invert, n("x")), "~x");
  check_expr(mk::unaryop(UOp::UAdd, neg(n("x"))), "+-x");
  check_expr(neg(bin(n("a"), Op::Add, n("b"))), "-(a + b)");
  check_expr(bin(neg(n("a")), Op::Mult, n("b")), "-a * b");
  check_expr(neg(bin(n("a"), Op::Mult, n("b"))), "-(a * b)");
  check_expr(neg(i(-1)), "--1");
}

TEST(AstPrinterPrecedence, NotAndComparisons) {
  auto eq = mk::compare(n("a"), CmpOp::Eq, n("b"));
  check_expr(mk::unaryop(UOp::Not, eq), "not a == b");
  check_expr(mk::compare(mk::unaryop(UOp::Not, n("a")), CmpOp::Eq, n("b")), "(not a) == b");
  check_expr(mk::unaryop(UOp::Not, mk::unaryop(UOp::Not, n("x"))), "not not x");
  check_expr(mk::unaryop(UOp::Not, mk::boolop(BoolOperator::And, {n("a"), n("b")})), "not (a and b)");
  check_expr(neg(mk::unaryop(UOp::Not, n("x"))), "-(not x)");
  check_expr(mk::compare(n("a"), CmpOp::Lt, mk::unaryop(UOp::Not, n("b"))), "a < (not b)");
}

TEST(AstPrinterPrecedence, BooleanOperators) {
  auto a = n("a"), b = n("b"), c = n("c");
  check_expr(mk::boolop(BoolOperator::Or, {mk::boolop(BoolOperator::And, {a, b}), c}), "a and b or c");
  check_expr(mk::boolop(BoolOperator::And, {a, mk::boolop(BoolOperator::Or, {b, c})}), "a and (b or c)");
  check_expr(mk::boolop(BoolOperator::Or, {mk::boolop(BoolOperator::Or, {a, b}), c}), "(a or b) or c");
  check_expr(mk::boolop(BoolOperator::Or, {a, b, c}), "a or b or c");
  check_expr(mk::boolop(BoolOperator::And, {mk::unaryop(UOp::Not, a), b}), "not a and b");
  check_expr(mk::boolop(BoolOperator::And, {mk::compare(a, CmpOp::Lt, b), mk::compare(b, CmpOp::Lt, c)}),
             "a < b and b < c");
}

TEST(AstPrinterPrecedence, ChainedComparisons) {
  auto a = n("a"), b = n("b"), c = n("c");
  check_expr(mk::compare(a, {CmpOp::Lt, CmpOp::LtE}, {b, c}), "a < b <= c");
  check_expr(mk::compare(mk::compare(a, CmpOp::Lt, b), CmpOp::Lt, c), "(a < b) < c");
  check_expr(mk::compare(a, CmpOp::Lt, mk::compare(b, CmpOp::Lt, c)), "a < (b < c)");
  check_expr(
      mk::compare(a, {CmpOp::Eq, CmpOp::IsNot, CmpOp::In, CmpOp::NotIn, CmpOp::Is, CmpOp::NotEq, CmpOp::Gt, CmpOp::GtE},
                  {b, c, n("d"), n("e"), n("f"), n("g"), n("h"), n("k")}),
      "a == b is not c in d not in e is f != g > h >= k");
  check_expr(mk::compare(bin(a, Op::Add, b), CmpOp::Lt, bin(c, Op::BitOr, n("d"))), "a + b < c | d");
}

// ---- conditional expressions, lambdas, walrus ----

TEST(AstPrinterPrecedence, ConditionalExpressions) {
  auto ife = [](ExprPtr b, ExprPtr t, ExprPtr o) { return mk::ifexp(std::move(t), std::move(b), std::move(o)); };
  check_expr(ife(n("a"), n("b"), n("c")), "a if b else c");
  check_expr(mk::attribute(ife(n("a"), n("b"), n("c")), "d"), "(a if b else c).d");
  check_expr(ife(ife(n("a"), n("b"), n("c")), n("d"), n("e")), "(a if b else c) if d else e");
  check_expr(ife(n("a"), n("b"), ife(n("c"), n("d"), n("e"))), "a if b else c if d else e");
  check_expr(ife(n("a"), ife(n("b"), n("c"), n("d")), n("e")), "a if (b if c else d) else e");
  check_expr(bin(ife(n("a"), n("b"), n("c")), Op::Add, i(1)), "(a if b else c) + 1");
  check_expr(ife(mk::boolop(BoolOperator::Or, {n("a"), n("b")}), n("c"), n("d")), "a or b if c else d");
}

TEST(AstPrinterPrecedence, Lambdas) {
  check_expr(mk::lambda(nullptr, i(0)), "lambda: 0");
  auto args = mk::arguments({mk::arg("x"), mk::arg("y")}, {i(1)});
  args->vararg = mk::arg("a");
  args->kwonlyargs = {mk::arg("k")};
  args->kw_defaults = {nullptr};
  args->kwarg = mk::arg("kw");
  check_expr(mk::lambda(args, n("x")), "lambda x, y=1, *a, k, **kw: x");
  auto posonly = mk::arguments({mk::arg("b")});
  posonly->posonlyargs = {mk::arg("a")};
  check_expr(mk::lambda(posonly, n("a")), "lambda a, /, b: a");
  check_expr(mk::call(mk::lambda(nullptr, i(0))), "(lambda: 0)()");
  check_expr(mk::lambda(nullptr, mk::yield_()), "lambda: (yield)");
  check_expr(mk::lambda(nullptr, mk::lambda(nullptr, i(0))), "lambda: lambda: 0");
  check_expr(mk::call(n("f"), {mk::lambda(mk::arguments({mk::arg("x")}), n("x"))}), "f(lambda x: x)");
  check_expr(mk::ifexp(n("c"), mk::lambda(nullptr, n("a")), mk::lambda(nullptr, n("b"))),
             "(lambda: a) if c else lambda: b");
  check_expr(mk::lambda(nullptr, mk::tuple({n("a"), n("b")})), "lambda: (a, b)");
  check_expr(bin(mk::lambda(nullptr, n("a")), Op::Add, n("b")), "(lambda: a) + b");
}

TEST(AstPrinterPrecedence, Walrus) {
  auto w = [] { return mk::named_expr(n("x"), i(1)); };
  check_expr(w(), "(x := 1)");
  check_expr(mk::call(n("f"), {w()}), "f(x := 1)");
  check_expr(mk::list({w(), i(2)}), "[x := 1, 2]");
  check_expr(mk::tuple({w(), i(2)}), "(x := 1, 2)");
  check_expr(bin(w(), Op::Add, i(2)), "(x := 1) + 2");
  check_expr(mk::named_expr(n("x"), mk::ifexp(n("a"), n("b"), n("c"))), "(x := b if a else c)");
  check_expr(mk::named_expr(n("y"), mk::named_expr(n("x"), i(1))), "(y := (x := 1))");
  check_expr(mk::list_comp(w(), {mk::comprehension(n("a"), n("b"))}), "[x := 1 for a in b]");
  check_expr(mk::list_comp(n("a"), {mk::comprehension(n("a"), n("b"), {w()})}), "[a for a in b if (x := 1)]");
}

TEST(AstPrinterPrecedence, WalrusDependsOnVersion) {
  auto w = [] { return mk::named_expr(n("x"), i(1)); };
  check_expr(mk::set({w()}), "{(x := 1)}", 8);
  check_expr(mk::set({w()}), "{x := 1}", 9);
  check_expr(mk::subscript(n("a"), w()), "a[(x := 1)]", 9);
  check_expr(mk::subscript(n("a"), w()), "a[x := 1]", 10);
  check_expr(mk::call(n("f"), {mk::generator_exp(w(), {mk::comprehension(n("a"), n("b"))})}), "f((x := 1) for a in b)",
             8);
  check_expr(mk::call(n("f"), {mk::generator_exp(w(), {mk::comprehension(n("a"), n("b"))})}), "f(x := 1 for a in b)",
             9);
}

// ---- yield and await ----

TEST(AstPrinterPrecedence, YieldNeedsParenthesesInExpressions) {
  check_expr(mk::yield_(), "(yield)");
  check_expr(mk::call(n("f"), {mk::yield_(n("x"))}), "f((yield x))");
  check_expr(bin(mk::yield_(), Op::Add, i(1)), "(yield) + 1");
  check_expr(mk::yield_(mk::tuple({n("a"), n("b")})), "(yield a, b)");
  check_expr(mk::yield_from(mk::call(n("g"))), "(yield from g())");
  check_expr(mk::yield_from(mk::tuple({n("a"), n("b")})), "(yield from (a, b))");
  check_expr(mk::subscript(n("x"), mk::yield_()), "x[(yield)]");
  check_expr(mk::yield_(mk::yield_()), "(yield (yield))");
}

TEST(AstPrinterPrecedence, Await) {
  check_expr(mk::await_(n("x")), "await x");
  check_expr(bin(mk::await_(n("x")), Op::Pow, i(2)), "await x ** 2");
  check_expr(mk::await_(bin(n("a"), Op::Add, n("b"))), "await (a + b)");
  check_expr(neg(mk::await_(n("x"))), "-await x");
  check_expr(mk::await_(neg(n("x"))), "await (-x)");
  check_expr(mk::await_(mk::await_(n("x"))), "await (await x)");
  check_expr(mk::await_(mk::call(mk::attribute(n("a"), "f"))), "await a.f()");
  check_expr(mk::attribute(mk::await_(n("x")), "y"), "(await x).y");
  check_expr(mk::await_(mk::yield_()), "await (yield)");
  check_expr(bin(i(2), Op::Pow, mk::await_(n("x"))), "2 ** await x");
}

// ---- starred, attributes, subscripts ----

TEST(AstPrinterPrecedence, Starred) {
  check_expr(mk::call(n("f"), {mk::starred(n("a"))}, {mk::double_star(n("k"))}), "f(*a, **k)");
  check_expr(mk::list({mk::starred(n("a")), mk::starred(n("b"))}), "[*a, *b]");
  check_expr(mk::call(n("f"), {mk::starred(bin(n("a"), Op::Add, n("b")))}), "f(*a + b)");
  check_expr(mk::call(n("f"), {mk::starred(mk::compare(n("a"), CmpOp::Lt, n("b")))}), "f(*(a < b))");
  check_expr(mk::call(n("f"), {mk::starred(mk::ifexp(n("b"), n("a"), n("c")))}), "f(*(a if b else c))");
  check_expr(mk::call(n("f"), {}, {mk::double_star(mk::boolop(BoolOperator::Or, {n("a"), n("b")}))}), "f(**(a or b))");
  check_expr(mk::tuple({mk::starred(n("a"))}), "(*a,)");
}

TEST(AstPrinterPrecedence, AttributeOnLiterals) {
  check_expr(mk::attribute(i(1), "real"), "(1).real");
  check_expr(mk::attribute(i(-1), "real"), "(-1).real");
  check_expr(mk::attribute(mk::float_(1.5), "real"), "1.5.real");
  check_expr(mk::call(mk::attribute(s("-"), "join"), {n("x")}), "'-'.join(x)");
  check_expr(mk::attribute(mk::attribute(n("x"), "y"), "z"), "x.y.z");
  check_expr(mk::attribute(mk::call(n("f")), "x"), "f().x");
  check_expr(mk::attribute(bin(n("a"), Op::Add, n("b")), "c"), "(a + b).c");
  check_expr(mk::attribute(neg(n("a")), "c"), "(-a).c");
}

TEST(AstPrinterPrecedence, Subscripts) {
  auto x = n("x");
  check_expr(mk::subscript(x, i(1)), "x[1]");
  check_expr(mk::subscript(x, mk::tuple({n("a"), n("b")})), "x[a, b]");
  check_expr(mk::subscript(x, mk::tuple({n("a")})), "x[a,]");
  check_expr(mk::subscript(x, mk::tuple({})), "x[()]");
  check_expr(mk::subscript(x, mk::slice(i(1), i(2))), "x[1:2]");
  check_expr(mk::subscript(x, mk::slice(nullptr, nullptr, i(2))), "x[::2]");
  check_expr(mk::subscript(x, mk::slice(nullptr, nullptr)), "x[:]");
  check_expr(mk::subscript(x, mk::tuple({mk::slice(i(1), i(2)), mk::slice(nullptr, nullptr, i(3))})), "x[1:2, ::3]");
  check_expr(mk::subscript(x, mk::tuple({mk::slice(n("a"), n("b")), n("c")})), "x[a:b, c]");
  check_expr(mk::subscript(x, mk::ifexp(n("b"), n("a"), n("c"))), "x[a if b else c]");
  check_expr(mk::subscript(x, mk::slice(neg(i(1)), nullptr)), "x[-1:]");
  check_expr(mk::subscript(x, mk::slice(mk::ifexp(n("b"), n("a"), n("c")), nullptr)), "x[a if b else c:]");
  check_expr(mk::subscript(mk::subscript(x, i(0)), i(1)), "x[0][1]");
  check_expr(mk::subscript(bin(n("a"), Op::Add, n("b")), i(0)), "(a + b)[0]");
  check_expr(mk::subscript(x, mk::tuple({mk::tuple({n("a"), n("b")}), n("c")})), "x[(a, b), c]");
}

TEST(AstPrinterPrecedence, StarredSubscriptsDependOnVersion) {
  auto x = n("x");
  check_expr(mk::subscript(x, mk::tuple({n("a"), mk::starred(n("b"))})), "x[(a, *b)]", 10);
  check_expr(mk::subscript(x, mk::tuple({n("a"), mk::starred(n("b"))})), "x[a, *b]", 11);
  check_expr(mk::subscript(x, mk::tuple({mk::starred(n("b"))})), "x[(*b,)]", 10);
  check_expr(mk::subscript(x, mk::tuple({mk::starred(n("b"))})), "x[*b]", 11);
}

// ---- displays, comprehensions, calls ----

TEST(AstPrinterDisplay, TuplesListsSetsDicts) {
  check_expr(mk::tuple({n("a"), n("b")}), "(a, b)");
  check_expr(mk::tuple({n("a")}), "(a,)");
  check_expr(mk::tuple({}), "()");
  check_expr(mk::list({}), "[]");
  check_expr(mk::list({n("a"), mk::list({n("b")})}), "[a, [b]]");
  check_expr(mk::set({n("a"), n("b")}), "{a, b}");
  EXPECT_EQ(depyf::print::print_expr(*mk::set({})), "{*()}");  // no literal for an empty set
  check_expr(mk::set({mk::starred(n("a"))}), "{*a}");
  check_expr(mk::dict({}, {}), "{}");
  check_expr(mk::dict({n("a"), nullptr}, {n("b"), n("c")}), "{a: b, **c}");
  check_expr(mk::dict({nullptr, s("b")}, {n("a"), i(1)}), "{**a, 'b': 1}");
  check_expr(mk::dict({mk::tuple({n("a"), n("b")})}, {n("c")}), "{(a, b): c}");
  check_expr(mk::dict({n("a")}, {mk::lambda(nullptr, i(1))}), "{a: lambda: 1}");
  check_expr(mk::dict({nullptr}, {mk::boolop(BoolOperator::Or, {n("a"), n("b")})}), "{**(a or b)}");
  check_expr(mk::dict({mk::ifexp(n("c"), n("a"), n("b"))}, {n("d")}), "{a if c else b: d}");
  check_expr(mk::list({mk::tuple({n("a"), n("b")}), mk::yield_()}), "[(a, b), (yield)]");
}

TEST(AstPrinterDisplay, Comprehensions) {
  auto gen = [](ExprPtr t, ExprPtr it, std::vector<ExprPtr> ifs = {}) {
    return mk::comprehension(std::move(t), std::move(it), std::move(ifs));
  };
  check_expr(mk::list_comp(n("x"), {gen(n("x"), n("y"), {n("a"), n("b")})}), "[x for x in y if a if b]");
  check_expr(mk::list_comp(n("x"), {gen(mk::tuple({n("x"), n("y")}), n("z"))}), "[x for x, y in z]");
  check_expr(mk::list_comp(n("x"), {gen(mk::tuple({n("x")}), n("z"))}), "[x for x, in z]");
  check_expr(mk::list_comp(n("x"), {gen(n("x"), mk::ifexp(n("b"), n("a"), n("c")))}), "[x for x in (a if b else c)]");
  check_expr(mk::list_comp(n("x"), {gen(n("x"), mk::tuple({n("a"), n("b")}))}), "[x for x in (a, b)]");
  check_expr(mk::list_comp(n("x"), {gen(n("x"), mk::lambda(nullptr, n("y")))}), "[x for x in (lambda: y)]");
  check_expr(mk::list_comp(n("x"), {gen(n("x"), n("y"), {mk::ifexp(n("b"), n("a"), n("c"))})}),
             "[x for x in y if (a if b else c)]");
  check_expr(mk::list_comp(n("x"), {gen(n("x"), mk::boolop(BoolOperator::Or, {n("a"), n("b")}))}),
             "[x for x in a or b]");
  check_expr(mk::list_comp(mk::tuple({n("x"), n("y")}), {gen(n("x"), n("a")), gen(n("y"), n("b"))}),
             "[(x, y) for x in a for y in b]");
  check_expr(mk::set_comp(n("x"), {gen(n("x"), n("y"))}), "{x for x in y}");
  check_expr(
      mk::dict_comp(n("k"), n("v"), {gen(mk::tuple({n("k"), n("v")}), mk::call(mk::attribute(n("d"), "items")))}),
      "{k: v for k, v in d.items()}");
  check_expr(mk::generator_exp(n("x"), {gen(n("x"), n("y"))}), "(x for x in y)");
  check_expr(mk::list_comp(n("x"), {mk::comprehension(n("x"), n("y"), {}, true)}), "[x async for x in y]");
  check_expr(mk::list_comp(mk::ifexp(n("c"), n("a"), n("b")), {gen(n("x"), n("y"))}), "[a if c else b for x in y]");
}

TEST(AstPrinterDisplay, Calls) {
  auto g = mk::generator_exp(n("x"), {mk::comprehension(n("x"), n("y"))});
  check_expr(mk::call(n("f")), "f()");
  check_expr(mk::call(n("f"), {g}), "f(x for x in y)");
  check_expr(mk::call(n("f"), {g, i(1)}), "f((x for x in y), 1)");
  check_expr(mk::call(n("f"), {g}, {mk::keyword("k", i(1))}), "f((x for x in y), k=1)");
  check_expr(mk::call(n("f"), {mk::starred(g)}), "f(*(x for x in y))");
  check_expr(mk::call(n("f"), {n("a"), mk::starred(n("c"))}, {mk::keyword("b", i(1)), mk::double_star(n("d"))}),
             "f(a, *c, b=1, **d)");
  check_expr(mk::call(n("f"), {}, {mk::keyword("a", mk::ifexp(n("c"), n("b"), n("d")))}), "f(a=b if c else d)");
  check_expr(mk::call(n("f"), {mk::tuple({n("a"), n("b")})}), "f((a, b))");
  check_expr(mk::call(mk::call(n("f"))), "f()()");
  check_expr(mk::call(n("f"), {}, {mk::keyword("a", mk::named_expr(n("x"), i(1)))}), "f(a=(x := 1))");
}

}  // namespace
