//! SVG charts of a method comparison: time and nodes expanded against the optimal length (log
//! scale), and each method's length ratio, drawn with plotters' SVG backend.

use super::runs::{Run, Status, optimum};
use klotski::solve::Algo;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::path::{Path, PathBuf};

/// A chart that could not be drawn or written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct ChartError {
    /// The file being written.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
}

/// The size of a chart, in SVG units: small enough that its text is not shrunk much on paper.
const CHART_WIDTH: u32 = 640;
const CHART_HEIGHT: u32 = 460;
/// Font sizes given to plotters, which draws text at about 0.8 of them (18 gives 14.5 units):
/// the title, and the tick labels, axis names and legend.
const TITLE_SIZE: u32 = 22;
const LABEL_SIZE: u32 = 18;
/// The legend under the plot: methods per row, the width of a column and the height of a row.
const LEGEND_COLUMNS: usize = 3;
const LEGEND_COLUMN_WIDTH: i32 = 185;
const LEGEND_ROW: u32 = 22;

/// One method's points.
struct Series {
    name: String,
    points: Vec<(f64, f64)>,
}

/// Draws `time.svg`, `nodes.svg` and `ratio.svg` into `dir` from the solved runs of cases with
/// a proven optimum, one colour per method of `algos`; returns the files written.
pub fn draw(runs: &[Run], algos: &[Algo], dir: &Path) -> Result<Vec<PathBuf>, ChartError> {
    let points = |value: &dyn Fn(&Run, usize) -> Option<f64>| -> Vec<Series> {
        (algos.iter())
            .map(|&algo| Series {
                name: algo.to_string(),
                points: (runs.iter())
                    .filter(|r| r.algo == algo && r.status == Status::Solved)
                    .filter_map(|r| {
                        let best = optimum(runs, &r.case)?;
                        Some((best as f64, value(r, best)?))
                    })
                    .collect(),
            })
            .collect()
    };
    let time = points(&|r, _| Some((r.cost().as_secs_f64() * 1000.0).max(1e-3).log10()));
    let nodes = points(&|r, _| {
        (r.algo != Algo::Constructive && r.expanded > 0).then(|| (r.expanded as f64).log10())
    });
    let ratio = points(&|r, best| {
        let length = r.length? as f64;
        Some(if best == 0 { 1.0 } else { length / best as f64 })
    });
    let charts = [
        (
            "time.svg",
            "Time against optimal length",
            "time (ms, log scale)",
            time,
            true,
        ),
        (
            "nodes.svg",
            "Nodes expanded against optimal length",
            "nodes expanded (log scale)",
            nodes,
            true,
        ),
        (
            "ratio.svg",
            "Solution length / optimal length",
            "length ratio",
            ratio,
            false,
        ),
    ];
    let mut written = Vec::new();
    for (file, title, y_desc, series, log) in charts {
        let path = dir.join(file);
        plot(&path, title, y_desc, &series, log).map_err(|message| ChartError {
            path: path.clone(),
            message,
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Draws one scatter chart; with `log` the y values are base-10 logarithms, labelled as powers
/// of ten.
fn plot(
    path: &Path,
    title: &str,
    y_desc: &str,
    series: &[Series],
    log: bool,
) -> Result<(), String> {
    let x_max = (series.iter().flat_map(|s| &s.points))
        .map(|p| p.0)
        .fold(1.0, f64::max);
    let (y_min, y_max, y_labels) = y_axis(series, log);
    // Sized for print: shown at the full width of an A4 text block (about 17 cm), a unit here
    // is about 0.75 pt, so labels of 14 units read at body-text size (10 to 11 pt).
    let root = SVGBackend::new(path, (CHART_WIDTH, CHART_HEIGHT)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    // The legend goes in a strip under the plot, where it hides no point.
    let rows = series.len().div_ceil(LEGEND_COLUMNS) as u32;
    let (plot_area, legend_area) = root.split_vertically(CHART_HEIGHT - rows * LEGEND_ROW - 8);
    let mut chart = ChartBuilder::on(&plot_area)
        .caption(title, ("sans-serif", TITLE_SIZE))
        .margin(10)
        .x_label_area_size(48)
        .y_label_area_size(78)
        .build_cartesian_2d(0f64..x_max * 1.05 + 1.0, y_min..y_max)
        .map_err(|e| e.to_string())?;
    let power_of_ten = |v: &f64| {
        let value = 10f64.powf(*v);
        // Up to 10000 in full; above, 1e5 and so on, which keeps the labels inside the chart.
        if (1.0..=1e4).contains(&value) {
            format!("{value:.0}")
        } else {
            format!("{value:.0e}")
        }
    };
    let plain = |v: &f64| format!("{v:.2}");
    let y_format: &dyn Fn(&f64) -> String = if log { &power_of_ten } else { &plain };
    chart
        .configure_mesh()
        .label_style(("sans-serif", LABEL_SIZE))
        .axis_desc_style(("sans-serif", LABEL_SIZE))
        .x_desc("optimal length (moves)")
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_desc(y_desc)
        .y_labels(y_labels)
        .y_label_formatter(y_format)
        .draw()
        .map_err(|e| e.to_string())?;
    // Methods that agree would hide each other: each series stands a little aside of the
    // case's true x.
    let spread = x_max / 250.0;
    let middle = (series.len() as f64 - 1.0) / 2.0;
    for (i, s) in series.iter().enumerate() {
        if s.points.is_empty() {
            continue;
        }
        let color = Palette99::pick(i).to_rgba();
        let shift = (i as f64 - middle) * spread;
        chart
            .draw_series(
                (s.points.iter())
                    .map(|&(x, y)| Circle::new((x + shift, y), 4, color.mix(0.8).filled())),
            )
            .map_err(|e| e.to_string())?;
    }
    draw_legend(&legend_area, series)?;
    root.present().map_err(|e| e.to_string())
}

/// The y axis of a chart of `series`: its lowest and highest value and how many labels it
/// gets. With `log` (values are base-10 logarithms) it spans whole powers of ten, one label
/// each; else it takes in 1 (the ratio of an optimal answer) with a margin.
fn y_axis(series: &[Series], log: bool) -> (f64, f64, usize) {
    let (mut y_min, mut y_max) = (series.iter().flat_map(|s| &s.points))
        .map(|p| p.1)
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), y| {
            (lo.min(y), hi.max(y))
        });
    if !y_min.is_finite() {
        (y_min, y_max) = (0.0, 1.0);
    }
    if log {
        let (lo, hi) = (y_min.floor(), y_max.ceil().max(y_min.floor() + 1.0));
        (lo, hi, (hi - lo) as usize + 1)
    } else {
        (y_min.min(1.0) - 0.05, y_max.max(1.0) * 1.05 + 0.05, 10)
    }
}

/// Draws the legend in `area`, the strip under the plot: [`LEGEND_COLUMNS`] methods a row,
/// each a dot of its colour and its name. Each method keeps its colour (its index); one with
/// no point has no entry.
fn draw_legend(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    series: &[Series],
) -> Result<(), String> {
    let font = ("sans-serif", LABEL_SIZE).into_font();
    let shown = series
        .iter()
        .enumerate()
        .filter(|(_, s)| !s.points.is_empty());
    for (place, (i, s)) in shown.enumerate() {
        let (column, row) = (
            (place % LEGEND_COLUMNS) as i32,
            (place / LEGEND_COLUMNS) as i32,
        );
        let (x, y) = (
            78 + column * LEGEND_COLUMN_WIDTH,
            4 + row * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2,
        );
        let color = Palette99::pick(i).to_rgba();
        (area.draw(&Circle::new((x, y), 5, color.filled())))
            .and_then(|()| {
                area.draw(&Text::new(
                    s.name.as_str(),
                    (x + 10, y),
                    TextStyle::from(font.clone()).pos(Pos::new(HPos::Left, VPos::Center)),
                ))
            })
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
