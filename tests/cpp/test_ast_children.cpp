// The AST slot visitor: finding and replacing one node by identity, which
// the decompiler relies on to route a spilled value through its temporary.
#include <gtest/gtest.h>

#include "ast/ast.hpp"
#include "ast/children.hpp"
#include "print/printer.hpp"

namespace {

namespace mk = depyf::ast::make;
using namespace depyf::ast;

std::string text(const ExprPtr& e) {
  depyf::print::PrintOptions options;
  options.target = depyf::PythonVersion{3, 11};
  return depyf::print::print_expr(*e, options);
}

TEST(AstChildren, FindsOnlyTheVeryNode) {
  ExprPtr shared = mk::call(mk::name("f"));
  ExprPtr twin = mk::call(mk::name("f"));  // equal text, another node
  ExprPtr tree = mk::subscript(mk::list({shared, mk::int_(1)}), mk::slice(nullptr, mk::int_(2), nullptr));
  EXPECT_TRUE(contains_node(tree, shared.get()));
  EXPECT_FALSE(contains_node(tree, twin.get()));
  EXPECT_FALSE(contains_node(nullptr, shared.get()));
}

TEST(AstChildren, ReplacesEveryOccurrence) {
  ExprPtr shared = mk::call(mk::name("f"));
  ExprPtr tree = mk::binop(shared, Operator::Add, mk::tuple({shared, mk::starred(shared)}));
  replace_node(tree, shared.get(), mk::name("__temp_1"));
  EXPECT_EQ(text(tree), "__temp_1 + (__temp_1, *__temp_1)");
  ExprPtr root = shared;
  replace_node(root, shared.get(), mk::name("t"));
  EXPECT_EQ(text(root), "t");
}

TEST(AstChildren, StatementSlotsButNotNestedBodies) {
  ExprPtr shared = mk::name("x");
  auto assign = mk::assign(mk::subscript(shared, mk::int_(0), ExprContext::Store), mk::call(mk::name("g"), {shared}));
  EXPECT_TRUE(statement_contains_node(*assign, shared.get()));
  replace_node_in_statement(*assign, shared.get(), mk::name("y"));
  EXPECT_FALSE(statement_contains_node(*assign, shared.get()));
  auto branch = mk::if_(mk::name("c"), {mk::expr_stmt(shared)}, {});
  EXPECT_FALSE(statement_contains_node(*branch, shared.get()));  // only the test is the If's own slot
}

}  // namespace
