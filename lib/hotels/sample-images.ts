/** Sample images live on a reserved .test host; the app serves them itself from public/sample-images (no internet). */
export const SAMPLE_IMAGE_BASE = "https://sample-images.hotel-platform.test/";
