// The source printer: AST -> Python source text, with Python's precedence
// rules (parentheses only where needed, always where needed), exact float
// and string literals, and f-string quoting valid for the target version.
//
// Output conventions: every statement line ends with '\n'; an empty module
// prints as the empty string; an empty block prints `pass`; no blank lines
// are inserted.
#pragma once

#include <string>

#include "ast/nodes_expr.hpp"
#include "ast/nodes_pattern.hpp"
#include "ast/nodes_stmt.hpp"
#include "print/print_options.hpp"

namespace depyf::print {

std::string print_module(const ast::Module& module, const PrintOptions& options = {});

// One statement (and its nested blocks), indented `depth` levels.
std::string print_stmt(const ast::Stmt& stmt, const PrintOptions& options = {}, int depth = 0);

// One expression on its own, like ast.unparse: anything looser than a
// conditional expression is parenthesised: `(a, b)`, `(yield)`, `(x := 1)`.
std::string print_expr(const ast::Expr& expr, const PrintOptions& options = {});

// A match-statement pattern as it appears after `case`.
std::string print_pattern(const ast::Pattern& pattern, const PrintOptions& options = {});

}  // namespace depyf::print
