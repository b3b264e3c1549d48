#include "decompile/forms/call_keywords.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string_view>

#include "ast/factory.hpp"
#include "code/constant.hpp"

namespace depyf::decompile {

namespace make = ast::make;

namespace {

// Python's keywords on 3.8-3.13 (soft keywords such as `match` are names).
constexpr std::array<std::string_view, 35> kKeywords = {
    "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
    "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
    "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
    "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield"};

const std::string* string_key(const ast::ExprPtr& key) {
  auto* constant = ast::as<ast::Constant>(key);
  return constant && constant->value->kind == Constant::Kind::Str ? &constant->value->text : nullptr;
}

}  // namespace

bool keyword_argument_name(const std::string& name, bool non_ascii) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) return false;
  const bool characters = std::all_of(name.begin(), name.end(), [&](char c) {
    const auto byte = static_cast<unsigned char>(c);
    return std::isalnum(byte) || c == '_' || (non_ascii && byte >= 0x80);
  });
  if (!characters || name == "__debug__") return false;
  return std::find(kKeywords.begin(), kKeywords.end(), name) == kKeywords.end();
}

bool claim_keyword_names(const ast::Dict& dict, bool non_ascii, std::set<std::string>& taken) {
  std::set<std::string> names;
  for (const auto& key : dict.keys) {
    const std::string* name = string_key(key);
    if (name == nullptr || !keyword_argument_name(*name, non_ascii) || taken.count(*name) ||
        !names.insert(*name).second)
      return false;
  }
  taken.insert(names.begin(), names.end());
  return true;
}

std::vector<ast::Keyword> call_keywords(const ast::ExprPtr& kwargs, bool starred_args, bool non_ascii) {
  auto* dict = ast::as<ast::Dict>(kwargs);
  if (dict == nullptr) return {make::double_star(kwargs)};
  const bool unpacks = std::any_of(dict->keys.begin(), dict->keys.end(), [](const auto& key) { return !key; });
  std::set<std::string> taken;
  if (!unpacks) {
    // One map and nothing else: keywords only if the call still needs
    // CALL_FUNCTION_EX without it (`f(*a, k=1)`; `f(k=1)` is CALL_FUNCTION_KW).
    if (starred_args && claim_keyword_names(*dict, non_ascii, taken)) {
      std::vector<ast::Keyword> keywords;
      for (std::size_t i = 0; i < dict->keys.size(); ++i)
        keywords.push_back(make::keyword(*string_key(dict->keys[i]), dict->values[i]));
      return keywords;
    }
    return {make::double_star(kwargs)};
  }
  // Maps merged with `**` operands (3.8 BUILD_MAP_UNPACK_WITH_CALL has kept
  // only keyword-worthy maps as entries; 3.9+ DICT_MERGE onto the keyword
  // map): an entry that cannot be a keyword passes itself as `**{key: value}`.
  std::vector<ast::Keyword> keywords;
  for (std::size_t i = 0; i < dict->keys.size(); ++i) {
    const auto& key = dict->keys[i];
    const std::string* name = string_key(key);
    if (key == nullptr) {
      keywords.push_back(make::double_star(dict->values[i]));
    } else if (name && keyword_argument_name(*name, non_ascii) && taken.insert(*name).second) {
      keywords.push_back(make::keyword(*name, dict->values[i]));
    } else {
      keywords.push_back(make::double_star(make::dict({key}, {dict->values[i]})));
    }
  }
  return keywords;
}

}  // namespace depyf::decompile
