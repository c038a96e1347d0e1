ALTER TABLE "detections" ADD COLUMN "keypoint_visibility" smallint[];
