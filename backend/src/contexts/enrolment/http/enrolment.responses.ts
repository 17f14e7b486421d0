import { ApiProperty } from '@nestjs/swagger';

export class EnrolmentResponse {
  @ApiProperty() course!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ format: 'date-time' }) enrolled_at!: string;
}

export class RatingResponse {
  @ApiProperty() course!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ minimum: 1, maximum: 5 }) rating!: number;
  @ApiProperty() reviews!: string;
}

export class FavouriteResponse {
  @ApiProperty() course!: number;
  @ApiProperty() student!: number;
  @ApiProperty({ enum: [true] }) favourite!: true;
}
