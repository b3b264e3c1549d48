// Generic access to the expression slots (and the nested statement lists)
// of AST nodes, for passes that must
// find or replace one particular node wherever it sits (the decompiler
// shares subexpressions by pointer while it simulates the stack, so "this
// very value" is a pointer compare).
#pragma once

#include <functional>
#include <vector>

#include "ast/nodes_expr.hpp"
#include "ast/nodes_stmt.hpp"

namespace depyf::ast {

using ExprSlotVisitor = std::function<void(ExprPtr&)>;

// Calls `visit` on every direct child expression slot of `expr` (null
// slots included; the visitor decides).
void for_each_child(Expr& expr, const ExprSlotVisitor& visit);

// Calls `visit` on the expression slots a statement evaluates itself, not
// those inside nested bodies (an If's test, not its branches; a def's
// decorators and defaults, not its body).
void for_each_own_expr(Stmt& stmt, const ExprSlotVisitor& visit);

// The statement lists directly inside a compound statement, in source
// order (a try's body, clauses, else and finally; a match's cases). Not a
// def's or class's body: that is another code object's.
std::vector<Body*> child_bodies(Stmt& stmt);

// Whether `node` occurs (by identity) in the tree under `root`.
bool contains_node(const ExprPtr& root, const Expr* node);
bool statement_contains_node(Stmt& stmt, const Expr* node);

// Replaces every occurrence of `node` (by identity) under the slot `root`
// (itself included) with `replacement`.
void replace_node(ExprPtr& root, const Expr* node, const ExprPtr& replacement);
void replace_node_in_statement(Stmt& stmt, const Expr* node, const ExprPtr& replacement);

}  // namespace depyf::ast
