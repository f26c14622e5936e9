#include "mlp/custom_points.hpp"

#include <algorithm>

namespace al {

std::string check_point(double x0, double x1, double label, const std::string (&fields)[3]) {
    std::string e = check_range(fields[0], x0, limits::coord);
    if (e.empty()) e = check_range(fields[1], x1, limits::coord);
    if (e.empty() && !(label == 0 || label == 1))
        e = fields[2] + " must be 0 or 1 (got " + number_text(label) + ")";
    return e;
}

std::string check_point_count(std::size_t n, std::string_view what) {
    if (!check_range("", static_cast<double>(n), limits::points).empty())
        return std::string(what) + " must hold " + number_text(limits::points.lo) + " to " +
               number_text(limits::points.hi) + " points (got " + std::to_string(n) + ")";
    return "";
}

std::string check_both_labels(const Points& p, std::string_view what) {
    const auto ones = static_cast<std::size_t>(std::count(p.y.begin(), p.y.end(), 1));
    if (ones > 0 && ones < p.size()) return "";
    return std::string(what) + " must hold both labels, 0 and 1 (all " + std::to_string(p.size()) +
           " points have label " + (ones > 0 ? "1" : "0") + ")";
}

std::string check_config_points(const Points& p) {
    std::string e = check_point_count(p.size(), "points");
    for (std::size_t i = 0; e.empty() && i < p.size(); ++i) {
        const std::string at = "points[" + std::to_string(i) + "]";
        e = check_point(p.x[2 * i], p.x[2 * i + 1], p.y[i], {at + "[0]", at + "[1]", at + "[2]"});
    }
    return e.empty() ? check_both_labels(p, "points") : e;
}

std::optional<Points> points_from_value(const json::Value& v, std::string& error) {
    if (!v.is_array()) {
        error = std::string("points must be an array of [x0, x1, label] (got ") +
                json::type_name(v.type()) + ")";
        return std::nullopt;
    }
    const json::Array& rows = v.as_array();
    if (!(error = check_point_count(rows.size(), "points")).empty()) return std::nullopt;
    Points p;
    p.x.reserve(2 * rows.size());
    p.y.reserve(rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const json::Value& r = rows[i];
        const std::string at = "points[" + std::to_string(i) + "]";
        if (!r.is_array() || r.as_array().size() != 3) {
            error = at + " must be an array [x0, x1, label] (got " +
                    (r.is_array() ? std::to_string(r.as_array().size()) + " values"
                                  : std::string(json::type_name(r.type()))) +
                    ")";
            return std::nullopt;
        }
        double xs[3] = {0, 0, 0};
        const std::string fields[3] = {at + "[0]", at + "[1]", at + "[2]"};
        for (std::size_t j = 0; j < 3; ++j)
            if (!read_number(r.as_array()[j], fields[j], xs[j], error)) return std::nullopt;
        if (!(error = check_point(xs[0], xs[1], xs[2], fields)).empty()) return std::nullopt;
        p.x.push_back(xs[0]);
        p.x.push_back(xs[1]);
        p.y.push_back(static_cast<int>(xs[2]));
    }
    return p;
}

json::Value points_value(const Points& p) {
    json::Array rows;
    rows.reserve(p.size());
    for (std::size_t i = 0; i < p.size(); ++i)
        rows.emplace_back(json::Array{p.x[2 * i], p.x[2 * i + 1], p.y[i]});
    return json::Value(std::move(rows));
}

}  // namespace al
