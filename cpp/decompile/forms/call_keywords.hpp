// Keyword arguments of a CALL_FUNCTION_EX call. The maps a call passes as
// **kwargs are either the compiler's own (a run of written `name=value`
// keywords) or a dict display the source unpacked, `f(**{'key': value})`.
// Which one a map was cannot always be told from the bytecode (3.8 builds
// both the same way), so a map is only printed as keywords where that is
// valid source which compiles back to the same map: every key a name that a
// keyword argument may spell, none repeated in the call.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "ast/ast.hpp"

namespace depyf::decompile {

// Whether `name` can be written as `name=value` in a call and passes that
// very string: an identifier that is not a keyword or `__debug__`. Non-ASCII
// names are only trusted when `non_ascii` (the parser NFKC-normalises them,
// `ﬁ=1` passes 'fi', and this does not check which are normalised).
bool keyword_argument_name(const std::string& name, bool non_ascii);

// Whether the map `dict` (no `**` entries) may print as keywords given the
// keyword names `taken` already in the call; adds its names when it may.
bool claim_keyword_names(const ast::Dict& dict, bool non_ascii, std::set<std::string>& taken);

// The keywords of a call whose **kwargs operand is `kwargs`. `starred_args`:
// the positional arguments print with a `*` (otherwise the compiler would
// not have used CALL_FUNCTION_EX for plain keywords).
std::vector<ast::Keyword> call_keywords(const ast::ExprPtr& kwargs, bool starred_args, bool non_ascii);

}  // namespace depyf::decompile
