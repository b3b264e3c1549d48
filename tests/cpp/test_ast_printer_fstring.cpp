// The AST printer on f-strings: quoting under the pre-3.12 rules (no
// backslash or enclosing quote inside a replacement field, one level of
// nested format specs), the 3.12 rules, and the format() fallback.
#include <gtest/gtest.h>


#include "ast/ast.hpp"
#include "print/printer.hpp"

#include "ast_printer_checks.hpp"

ExprPtr fv(ExprPtr value, int conversion = -1, ExprPtr spec = nullptr) {
  return mk::formatted_value(std::move(value), conversion, std::move(spec));
}
ExprPtr fs(std::vector<ExprPtr> values) {
  return mk::joined_str(std::move(values));
}

// A text that is equivalent to the tree but not its spelling (the format()
// fallback): recorded for a parse check only.
void check_equivalent(const ExprPtr& e, const std::string& expected, int minor) {
  const std::string text = depyf::print::print_expr(*e, for_version(minor));
  EXPECT_EQ(text, expected);
  record("eval-equivalent", minor, dump(*e), text);
}

// Checks the same tree under the old (3.8) and new (3.12) rules.
void check_both(const ExprPtr& e, const std::string& expected) {
  check_expr(e, expected, 8);
  check_expr(e, expected, 12);
}

TEST(AstPrinterFString, Basics) {
  check_both(fs({fv(n("x"))}), "f'{x}'");
  check_both(fs({s("a"), fv(n("x"), 'r'), s("b")}), "f'a{x!r}b'");
  check_both(fs({fv(n("x"), 's')}), "f'{x!s}'");
  check_both(fs({fv(n("x"), 'a')}), "f'{x!a}'");
  check_both(fs({}), "f''");
  check_both(fs({s("x="), fv(n("x"), 'r')}), "f'x={x!r}'");
  // A FormattedValue alone is wrapped in an f-string of its own.
  EXPECT_EQ(depyf::print::print_expr(*fv(n("x"))), "f'{x}'");
}

TEST(AstPrinterFString, FormatSpecs) {
  check_both(fs({fv(n("x"), -1, fs({s(">10")}))}), "f'{x:>10}'");
  check_both(fs({fv(n("x"), -1, fs({fv(n("w"))}))}), "f'{x:{w}}'");
  check_both(fs({fv(n("x"), 'r', fs({s(">"), fv(n("w")), s("."), fv(n("p"))}))}), "f'{x!r:>{w}.{p}}'");
  check_both(fs({fv(n("x"), -1, fs({fv(n("w"), 'r')}))}), "f'{x:{w!r}}'");
}

TEST(AstPrinterFString, FormatSpecsNestedTwiceNeedNewRules) {
  auto e = fs({fv(n("x"), -1, fs({fv(n("y"), -1, fs({fv(n("z"))}))}))});
  check_equivalent(e, "format(x, f'{y:{z}}')", 8);
  check_expr(e, "f'{x:{y:{z}}}'", 12);
}

TEST(AstPrinterFString, LiteralParts) {
  check_both(fs({s("it's "), fv(n("x"))}), "f\"it's {x}\"");
  check_both(fs({s("a'b\"c"), fv(n("x"))}), "f'a\\'b\"c{x}'");
  check_both(fs({s("{}"), fv(n("x"))}), "f'{{}}{x}'");
  check_both(fs({s("a\n"), fv(n("x"))}), "f'a\\n{x}'");
  check_both(fs({s("\\"), fv(n("x"))}), "f'\\\\{x}'");
  check_both(fs({s("caf\xc3\xa9 "), fv(n("x"))}), "f'caf\xc3\xa9 {x}'");
}

TEST(AstPrinterFString, FieldExpressionsThatNeedParentheses) {
  check_both(fs({fv(mk::lambda(nullptr, i(1)))}), "f'{(lambda: 1)}'");
  check_both(fs({fv(mk::call(mk::lambda(nullptr, i(1))))}), "f'{(lambda: 1)()}'");
  check_both(fs({fv(mk::named_expr(n("x"), i(1)))}), "f'{(x := 1)}'");
  check_both(fs({fv(mk::ifexp(n("b"), n("a"), n("c")))}), "f'{(a if b else c)}'");
  check_both(fs({fv(mk::tuple({n("a"), n("b")}))}), "f'{(a, b)}'");
  check_both(fs({fv(mk::yield_())}), "f'{(yield)}'");
  check_both(fs({fv(mk::compare(n("a"), CmpOp::NotEq, n("b")))}), "f'{a != b}'");
  check_both(fs({fv(mk::boolop(BoolOperator::Or, {n("a"), n("b")}))}), "f'{a or b}'");
}

TEST(AstPrinterFString, FieldStartingWithABrace) {
  check_both(fs({fv(mk::subscript(mk::dict({i(1)}, {i(2)}), n("x")))}), "f'{ {1: 2}[x]}'");
  check_both(fs({fv(mk::set({n("a")}))}), "f'{ {a}}'");
  check_both(fs({fv(mk::dict_comp(n("k"), n("v"), {mk::comprehension(n("k"), n("v"))}))}), "f'{ {k: v for k in v}}'");
}

TEST(AstPrinterFString, NestedStringsAvoidTheEnclosingQuote) {
  check_both(fs({fv(mk::subscript(n("x"), s("k")))}), "f'{x[\"k\"]}'");
  check_both(fs({s("it's"), fv(mk::subscript(n("x"), s("k")))}), "f\"it's{x['k']}\"");
  check_both(fs({fv(mk::bytes("x"))}), "f'{b\"x\"}'");
  check_both(fs({fv(mk::call(mk::attribute(s("-"), "join"), {n("x")}))}), "f'{\"-\".join(x)}'");
  check_both(fs({fv(mk::subscript(n("d"), s("a'b\"c")))}), "f'''{d[\"\"\"a'b\"c\"\"\"]}'''");
}

TEST(AstPrinterFString, NestedFStrings) {
  check_both(fs({fv(fs({fv(n("x"))}))}), "f'{f\"{x}\"}'");
  check_both(fs({fv(fs({fv(fs({fv(n("x"))}))}))}), "f'{f\"\"\"{f\"{x}\"}\"\"\"}'");
  check_both(fs({fv(n("x"), -1, fs({fv(s("a"))}))}), "f'{x:{\"a\"}}'");
}

TEST(AstPrinterFString, BackslashInAField) {
  // A newline fits raw into a triple-quoted string, which itself needs a
  // triple-quoted f-string around it.
  auto join = mk::call(mk::attribute(s("\n"), "join"), {n("x")});
  check_both(fs({fv(join)}), "f'''{\"\"\"\n\"\"\".join(x)}'''");
  // A NUL cannot be written without an escape: only 3.12 takes it in a field.
  auto nul = mk::call(mk::attribute(s(std::string("\0", 1)), "join"), {n("x")});
  check_equivalent(fs({fv(nul)}), "format('\\x00'.join(x))", 8);
  check_expr(fs({fv(nul)}), "f'{'\\x00'.join(x)}'", 12);
  check_equivalent(fs({s("a"), fv(nul, 'r', fs({s(">10")})), s("b")}),
                   "'a' + format(repr('\\x00'.join(x)), '>10') + 'b'", 8);
}

TEST(AstPrinterFString, FallbackPrecedence) {
  auto nul = mk::call(mk::attribute(s(std::string("\0", 1)), "join"), {n("x")});
  auto e = mk::binop(fs({s("a"), fv(nul)}), Operator::Mult, i(2));
  check_equivalent(e, "('a' + format('\\x00'.join(x))) * 2", 8);
  check_expr(e, "f'a{'\\x00'.join(x)}' * 2", 12);
  check_equivalent(mk::attribute(fs({s("a"), fv(nul)}), "upper"), "('a' + format('\\x00'.join(x))).upper", 8);
}

TEST(AstPrinterFString, InLargerExpressions) {
  check_both(mk::binop(fs({fv(n("a"))}), Operator::Add, n("x")), "f'{a}' + x");
  check_both(mk::call(n("print"), {fs({fv(n("a"))})}), "print(f'{a}')");
  check_both(mk::call(mk::attribute(fs({fv(n("a"))}), "upper")), "f'{a}'.upper()");
}

TEST(AstPrinterFString, InStatements) {
  check_stmt(mk::assign(n("y"), fs({s("v="), fv(n("v"), -1, fs({s(".2f")}))})), "y = f'v={v:.2f}'", 8);
  check_stmt(mk::expr_stmt(mk::call(n("print"), {fs({fv(mk::subscript(n("d"), s("k")))})})), "print(f'{d[\"k\"]}')",
             12);
}

}  // namespace
