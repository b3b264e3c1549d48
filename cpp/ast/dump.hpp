// A tree as Python source that rebuilds it with the `ast` module's
// constructors: `BinOp(left=Name(id='a'), op=Add(), right=Constant(value=1))`.
// Field names and order follow ast; expr_context, type_comment and empty
// type_params are left out. eval()-ing the text under `from ast import *`
// gives a tree that ast.dump() can compare with ast.parse() of the printed
// source: the round-trip check of the printer and, later, of the decompiler.
// Comment statements dump as `Comment(text=...)`, which is no ast class.
#pragma once

#include <string>

#include "ast/nodes_expr.hpp"
#include "ast/nodes_pattern.hpp"
#include "ast/nodes_stmt.hpp"

namespace depyf::ast {

std::string dump(const Module& module);
std::string dump(const Stmt& stmt);
std::string dump(const Expr& expr);
std::string dump(const Pattern& pattern);

}  // namespace depyf::ast
