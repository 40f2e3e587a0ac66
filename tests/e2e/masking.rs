//! A password typed during a run never reaches a person's screen recording: in every mirror
//! frame the field's pixels are the mask colour, while an unmasked screenshot shows the dots.
//! (Events, exports and logs are checked by the end-to-end export test.) The mirror's outline of
//! the acted-on element comes from the same page: its box is checked here against the element.

use specwright_browser::{Browser, BrowserConfig, PageSession};
use specwright_tests::output_dir;

const PASSWORD: &str = "internal:role=textbox[name=\"비밀번호\"s]";

fn convert() -> &'static str {
    // Debian's ImageMagick, not whatever else is first on PATH.
    if std::path::Path::new("/usr/bin/convert").is_file() {
        "/usr/bin/convert"
    } else {
        "convert"
    }
}

/// Width in pixels of a JPEG.
fn width(jpeg: &std::path::Path) -> f64 {
    let out = std::process::Command::new(convert()).arg(jpeg).args(["-format", "%w", "info:"]).output().unwrap();
    String::from_utf8_lossy(&out.stdout).trim().parse().unwrap()
}

/// Mean colour (0–255 per channel) of a region of a JPEG, read by ImageMagick; the region is in
/// page pixels and scaled to the image.
fn mean_colour(jpeg: &std::path::Path, region: (f64, f64, f64, f64)) -> (f64, f64, f64) {
    let scale = width(jpeg) / 1280.0;
    let (x, y, w, h) = (region.0 * scale, region.1 * scale, region.2 * scale, region.3 * scale);
    // A margin inside the box keeps the outline and anti-aliased border out of the average.
    let crop = format!("{}x{}+{}+{}", (w - 8.0) as u32, (h - 8.0) as u32, (x + 4.0) as u32, (y + 4.0) as u32);
    let out = std::process::Command::new(convert())
        .arg(jpeg)
        .args(["-crop", &crop, "-format", "%[fx:255*mean.r] %[fx:255*mean.g] %[fx:255*mean.b]", "info:"])
        .output()
        .expect("ImageMagick is installed by `make setup`");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let v: Vec<f64> = text.split_whitespace().map(|n| n.parse().unwrap()).collect();
    (v[0], v[1], v[2])
}

fn near(a: (f64, f64, f64), b: (f64, f64, f64), tolerance: f64) -> bool {
    (a.0 - b.0).abs() <= tolerance && (a.1 - b.1).abs() <= tolerance && (a.2 - b.2).abs() <= tolerance
}

async fn typed_password(page: &PageSession, base: &str) -> (f64, f64, f64, f64) {
    page.goto(&format!("{base}/login")).await.unwrap();
    page.fill(PASSWORD, "password", "hunter2-hunter2-hunter2").await.unwrap();
    page.bounding_box(PASSWORD).await.unwrap().expect("the field is on screen")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn password_fields_are_painted_over_in_every_frame() {
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    let field = typed_password(&page, &app.url()).await;
    let dir = output_dir("masking");

    let masked = dir.join("frame.jpg");
    std::fs::write(&masked, page.frame_jpeg().await.unwrap()).unwrap();
    assert_eq!(width(&masked), 640.0, "frames are downscaled to half the viewport");
    // The mask colour is #5b6170.
    let colour = mean_colour(&masked, field);
    assert!(near(colour, (91.0, 97.0, 112.0), 6.0), "masked field mean colour {colour:?}");

    // Control: the same region of an unmasked screenshot is the white field with dots, so the
    // check above cannot pass by accident.
    let plain = dir.join("unmasked.jpg");
    std::fs::write(&plain, page.unmasked_jpeg_for_tests().await.unwrap()).unwrap();
    let colour = mean_colour(&plain, field);
    assert!(!near(colour, (91.0, 97.0, 112.0), 30.0) && colour.0 > 180.0, "unmasked field mean colour {colour:?}");
    page.close().await;
    browser.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_outlined_box_is_the_acted_on_element_and_nothing_when_it_is_not_one_element() {
    use specwright_scenario::{Action, Locator, Target, Value};
    specwright_browser::prepare_driver().expect("run `make setup` first");
    let app = specwright_tests::demo_app(&[]).await;
    let browser = Browser::launch(BrowserConfig::detect().unwrap()).await.unwrap();
    let page = browser.new_page().await.unwrap();
    let (x, y, w, h) = typed_password(&page, &app.url()).await;
    let target = |locator: Locator| Target { strategies: vec![locator], frame_path: vec![], ..Default::default() };
    let password = target(Locator::Role { role: "textbox".into(), name: "비밀번호".into(), exact: true });
    let fill = Action::Fill { target: password, value: Value::Literal { value: "x".into() } };

    let [bx, by, bw, bh] = page.acted_box(&fill).await.expect("the filled field is one element on screen");
    // The viewport is 1280×800: the box is the element's, in fractions of it.
    let close = |a: f32, b: f64| (f64::from(a) - b).abs() < 1e-3;
    assert!(close(bx, x / 1280.0) && close(by, y / 800.0), "{bx},{by} vs {x},{y}");
    assert!(close(bw, w / 1280.0) && close(bh, h / 800.0), "{bw},{bh} vs {w},{h}");

    // Nothing to outline: a navigation, an element that is not there, several that match.
    assert_eq!(page.acted_box(&Action::Reload).await, None);
    let missing = Action::Click { target: target(Locator::Css { selector: "#not-on-this-page".into() }) };
    assert_eq!(page.acted_box(&missing).await, None);
    let several = Action::Click { target: target(Locator::Css { selector: "input".into() }) };
    assert!(page.count("css=input").await.unwrap() > 1, "the control needs several inputs");
    assert_eq!(page.acted_box(&several).await, None);
    page.close().await;
    browser.close().await;
}
