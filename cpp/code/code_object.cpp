#include "code/code_object.hpp"

#include <string_view>
#include <unordered_set>

namespace depyf {

namespace {

// Sets, not linear searches: a hostile file can give a code object tens of
// thousands of names (and share them between many code objects), which made
// the <= 3.10 merge quadratic.
std::unordered_set<std::string_view> name_set(const std::vector<std::string>& names) {
  return std::unordered_set<std::string_view>(names.begin(), names.end());
}

}  // namespace

void CodeObject::complete_variable_views() {
  if (version.minor <= 10) {
    // 3.11 merged the three lists into one; a cell that is also an argument
    // shares the argument's slot, which is how 3.11's compiler lays it out.
    localsplus_names.clear();
    localsplus_kinds.clear();
    const auto cell_set = name_set(cellvars);
    const auto var_set = name_set(varnames);
    for (const auto& var : varnames) {
      localsplus_names.push_back(var);
      localsplus_kinds.push_back(cell_set.count(var) ? (kLocal | kLocalCell) : kLocal);
    }
    for (const auto& cell : cellvars) {
      if (var_set.count(cell)) continue;
      localsplus_names.push_back(cell);
      localsplus_kinds.push_back(kLocalCell);
    }
    for (const auto& free : freevars) {
      localsplus_names.push_back(free);
      localsplus_kinds.push_back(kLocalFree);
    }
    return;
  }
  varnames.clear();
  cellvars.clear();
  freevars.clear();
  nlocals = 0;
  for (std::size_t i = 0; i < localsplus_names.size() && i < localsplus_kinds.size(); ++i) {
    const auto kind = localsplus_kinds[i];
    if (kind & kLocal) {
      varnames.push_back(localsplus_names[i]);
      ++nlocals;
    }
    if (kind & kLocalCell) cellvars.push_back(localsplus_names[i]);
    if (kind & kLocalFree) freevars.push_back(localsplus_names[i]);
  }
}

std::vector<std::shared_ptr<const CodeObject>> CodeObject::nested_code() const {
  std::vector<std::shared_ptr<const CodeObject>> result;
  for (const auto& constant : consts) {
    if (constant && constant->kind == Constant::Kind::Code && constant->code) result.push_back(constant->code);
  }
  return result;
}

}  // namespace depyf
