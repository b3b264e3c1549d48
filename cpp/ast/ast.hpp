// The whole C++ Python AST: expression, pattern and statement nodes plus the
// make:: factories. Include this rather than the individual node headers.
#pragma once

#include "ast/factory.hpp"
#include "ast/nodes_expr.hpp"
#include "ast/nodes_pattern.hpp"
#include "ast/nodes_stmt.hpp"
