//! Line charts of a run's progress, as SVG files.

use crate::error::TuneError;
use plotters::prelude::*;
use std::path::Path;

/// One line of a chart: a name for the legend and its points.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// The legend text.
    pub name: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// The colours of successive series.
const PALETTE: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];

/// Draws `series` as lines in an 800x480 SVG file at `path`, with a title and axis
/// labels. Axes span the points (with a margin); an empty chart still draws its frame.
///
/// # Errors
/// [`TuneError::Plot`] naming the file if it cannot be drawn or written.
pub fn line_chart(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), TuneError> {
    draw(path, title, x_label, y_label, series).map_err(|message| TuneError::Plot {
        path: path.to_path_buf(),
        message,
    })
}

fn draw(
    path: &Path,
    title: &str,
    x_label: &str,
    y_label: &str,
    series: &[Series],
) -> Result<(), String> {
    let points = || {
        series
            .iter()
            .flat_map(|s| s.points.iter())
            .filter(|p| p.0.is_finite() && p.1.is_finite())
    };
    let (mut x_min, mut x_max, mut y_min, mut y_max) = points().fold(
        (
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ),
        |(a, b, c, d), &(x, y)| (a.min(x), b.max(x), c.min(y), d.max(y)),
    );
    if x_min > x_max {
        (x_min, x_max, y_min, y_max) = (0.0, 1.0, 0.0, 1.0);
    }
    if x_max - x_min < 1e-9 {
        x_max = x_min + 1.0;
    }
    let margin = ((y_max - y_min) * 0.05).max(1e-6);
    let (y_min, y_max) = (y_min - margin, y_max + margin);
    let root = SVGBackend::new(path, (800, 480)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 22))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(60)
        .build_cartesian_2d(x_min..x_max, y_min..y_max)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc(x_label)
        .y_desc(y_label)
        .draw()
        .map_err(|e| e.to_string())?;
    for (i, s) in series.iter().enumerate() {
        let colour = PALETTE[i % PALETTE.len()];
        let line = s
            .points
            .iter()
            .copied()
            .filter(|p| p.0.is_finite() && p.1.is_finite());
        chart
            .draw_series(LineSeries::new(line, colour.stroke_width(2)))
            .map_err(|e| e.to_string())?
            .label(s.name.as_str())
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
    }
    if !series.is_empty() {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_an_svg_with_the_legend() {
        let dir = std::env::temp_dir().join(format!("draughts-tune-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("chart.svg");
        let series = [
            Series {
                name: "best".into(),
                points: vec![(0.0, 1.0), (1.0, 3.0), (2.0, f64::NAN)],
            },
            Series {
                name: "mean".into(),
                points: vec![(0.0, 0.5), (1.0, 1.5)],
            },
        ];
        line_chart(&path, "Fitness", "generation", "wins", &series).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("Fitness") && svg.contains("mean"));
        // No points at all still draws the frame.
        line_chart(&path, "Empty", "x", "y", &[]).unwrap();
        let bad = dir.join("no/such/dir/chart.svg");
        let err = line_chart(&bad, "x", "x", "y", &series).unwrap_err();
        assert!(err.to_string().contains("chart.svg"), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
