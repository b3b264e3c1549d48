// The AST printer's line breaks inside expressions (print/line_breaks.hpp):
// an and/or operand or a comprehension clause that began on a later line
// than the text before it starts a new line, inside brackets only; an
// and/or that breaks outside any gets parentheses of its own.
#include <gtest/gtest.h>

// clang-format off: ast_printer_checks.hpp opens the anonymous namespace
// that this file closes at its end, so it must come after the other headers.
#include "ast/ast.hpp"
#include "print/line_breaks.hpp"
#include "print/printer.hpp"

#include "ast_printer_checks.hpp"
// clang-format on

// A name loaded on source line `line`.
ExprPtr at(const std::string& id, int line) {
  auto name = mk::name(id);
  name->lineno = line;
  return name;
}
ExprPtr or_(std::vector<ExprPtr> values) {
  return mk::boolop(BoolOperator::Or, std::move(values));
}
ExprPtr and_(std::vector<ExprPtr> values) {
  return mk::boolop(BoolOperator::And, std::move(values));
}

TEST(AstPrinterLineBreaks, FirstLineIsTheLeftmostKnownLine) {
  // BINARY_OP carries a later line than its left operand's load.
  auto sum = mk::binop(at("a", 3), Operator::Add, at("b", 4));
  sum->lineno = 4;
  EXPECT_EQ(depyf::print::first_line(*sum), 3);
  EXPECT_EQ(depyf::print::first_line(*mk::call(mk::attribute(at("x", 7), "f"), {at("y", 8)})), 7);
  EXPECT_EQ(depyf::print::first_line(*mk::name("unknown")), 0);
}

TEST(AstPrinterLineBreaks, SameLineOrUnknownLinesStayOnOneLine) {
  check_stmt(mk::return_(or_({at("a", 2), at("b", 2), at("c", 2)})), "return a or b or c");
  check_stmt(mk::return_(or_({n("a"), n("b")})), "return a or b");
  // Operands on earlier lines than the one before them never break.
  check_stmt(mk::return_(or_({at("a", 5), at("b", 3)})), "return a or b");
}

TEST(AstPrinterLineBreaks, BoolOpOutsideBracketsGetsParentheses) {
  check_stmt(mk::return_(or_({at("a", 2), and_({at("b", 3), at("c", 4)}), at("d", 5)})),
             "return (a or\n        b and\n        c or\n        d)");
  // A statement inside a block: continuation lines two levels deeper.
  check_module({mk::if_(and_({at("a", 1), at("b", 2)}), {mk::pass()})}, "if (a and\n        b):\n    pass\n");
}

TEST(AstPrinterLineBreaks, BoolOpInsideBracketsNeedsNoParentheses) {
  check_stmt(mk::expr_stmt(mk::call(n("f"), {or_({at("a", 1), at("b", 2)})})), "f(a or\n        b)");
  // Parentheses it needs anyway are the brackets.
  check_stmt(mk::expr_stmt(mk::unaryop(UnaryOperator::Not, or_({at("a", 1), at("b", 2)}))), "not (a or\n        b)");
}

TEST(AstPrinterLineBreaks, ComprehensionClauses) {
  auto loop = mk::comprehension(mk::name("x", ExprContext::Store), at("items", 2), {at("x", 3)});
  loop.target->lineno = 2;
  check_stmt(mk::return_(mk::list_comp(at("x", 1), {loop})), "return [x\n        for x in items\n        if x]");
  // The first clause on the element's line, the filter on the next.
  loop.target->lineno = 1;
  loop.iter->lineno = 1;
  check_stmt(mk::return_(mk::list_comp(at("x", 1), {loop})), "return [x for x in items\n        if x]");
}

TEST(AstPrinterLineBreaks, CallArgumentsAndItems) {
  // Each argument, tuple or list item on a new line where it began on a
  // later line than what came before it (3.13+ fuse LOAD_FASTs of one line).
  check_stmt(mk::expr_stmt(mk::call(at("f", 1), {at("a", 1), at("b", 2), at("c", 2)})), "f(a,\n        b, c)");
  // (Never before the first item.)
  check_stmt(mk::expr_stmt(mk::call(at("f", 1), {at("a", 2)})), "f(a)");
  check_stmt(mk::return_(mk::list({at("a", 3), at("b", 4)})), "return [a,\n        b]");
  check_stmt(mk::expr_stmt(mk::call(n("f"), {at("a", 5), at("b", 3)})), "f(a, b)");
}

TEST(AstPrinterLineBreaks, NoBreaksInsideFStringFields) {
  auto field = mk::formatted_value(or_({at("a", 1), at("b", 2)}));
  check_stmt(mk::return_(mk::joined_str({field})), "return f'{a or b}'");
}

TEST(AstPrinterLineBreaks, EachStatementStartsAfresh) {
  check_module({mk::expr_stmt(at("a", 1)), mk::return_(or_({at("b", 2), at("c", 2)}))}, "a\nreturn b or c\n");
}

}  // namespace (opened by ast_printer_checks.hpp)
